import { retryAfterMs } from './internal/retryPolicy.js';

/**
 * The rate-limit headers of an answer, read. The spec promises only `Retry-After` (on a 429); the `x-ratelimit-*`
 * names are the ones OpenAI-style gateways send, read when present. Counts are numbers; reset times stay as sent
 * ("1s", "6m0s"), since gateways spell them differently.
 */
export interface RateLimitHeaders {
  limitRequests: number | null;
  remainingRequests: number | null;
  resetRequests: string | null;
  limitTokens: number | null;
  remainingTokens: number | null;
  resetTokens: string | null;
  /** `Retry-After` (seconds or a date) or `retry-after-ms`, in milliseconds. */
  retryAfterMs: number | null;
}

/** The rate-limit headers of `headers`, or null when there are none. */
export function rateLimitHeaders(headers: Headers): RateLimitHeaders | null {
  const text = (name: string) => headers.get(`x-ratelimit-${name}`);
  const count = (name: string) => {
    const value = Number(text(name) ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  };
  const read: RateLimitHeaders = {
    limitRequests: count('limit-requests'),
    remainingRequests: count('remaining-requests'),
    resetRequests: text('reset-requests'),
    limitTokens: count('limit-tokens'),
    remainingTokens: count('remaining-tokens'),
    resetTokens: text('reset-tokens'),
    retryAfterMs: retryAfterMs(headers),
  };
  return Object.values(read).some((value) => value !== null) ? read : null;
}
