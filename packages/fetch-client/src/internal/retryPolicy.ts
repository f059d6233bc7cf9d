export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; each retry doubles it, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error goes to the caller instead. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** Statuses worth another try: the request timed out, was rate limited, or the server failed. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Connection failures where the request certainly never reached the server. Only these (and 429) are retried for
 * state-changing or billable calls: after a reset or a timeout the server may already have acted.
 */
const neverSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

export function requestNeverReachedServer(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && neverSentCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** `Retry-After` as seconds or an HTTP date, or `retry-after-ms`; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const milliseconds = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after');
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Exponential backoff with jitter: the delay shrinks by up to a quarter at random so clients do not retry in step. */
export function backoffMs(retry: number, policy: RetryPolicy, random = Math.random): number {
  const delay = Math.min(policy.initialDelayMs * 2 ** retry, policy.maxDelayMs);
  return delay * (1 - random() * 0.25);
}
