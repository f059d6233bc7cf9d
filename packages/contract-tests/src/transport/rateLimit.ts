import type { Target } from './target.js';

/**
 * A live deployment rate-limits, and the spec lets any operation answer 429 with `Retry-After` (assumption
 * `rate-limit-429`). A 429 is therefore not a failure of the check that met it: the suite waits as long as the server
 * asks and sends the same request again, within a budget for the whole run. Only a budget spent, or a request refused
 * again and again, fails, and the failure names the rate limit, so a partner's CI never goes red for a server that
 * follows the spec.
 */

/** Time the whole run may spend waiting out 429 answers, unless `--rate-limit-budget` says otherwise. */
export const defaultRateLimitBudgetMs = 600_000;

/** Answers 429 in a row to one request before the suite gives up on it, whatever the budget says. */
export const maxRateLimitedAttempts = 10;

/** The wait after a 429 that gives no usable `Retry-After`: doubled each time, from one second, at most 30. */
const fallbackWaitMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1));

export interface RateLimitOptions {
  /** Milliseconds the run may spend waiting out 429 answers, in all. */
  budgetMs?: number;
  /** Requests a second the suite sends at most (`--max-rps`); unlimited when absent. */
  maxRequestsPerSecond?: number;
  /** Replaced in tests; `setTimeout` otherwise. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface RateLimitStats {
  /** 429 answers waited out. */
  answers: number;
  /** Of them, those without a `Retry-After` the suite could read (waited with a doubling backoff instead). */
  withoutRetryAfter: number;
  /** Milliseconds spent waiting, in all. */
  waitedMs: number;
  budgetMs: number;
  /** Milliseconds spent holding requests back to `maxRequestsPerSecond`. */
  throttledMs: number;
  maxRequestsPerSecond?: number;
}

/** The run's rate-limit budget is spent, or one request met 429 too often: the message names the rate limit. */
export class RateLimitExhausted extends Error {
  override name = 'RateLimitExhausted';
}

/**
 * `Retry-After` in milliseconds: whole seconds (what the spec sends) or an HTTP date (RFC 9110, section 10.2.3, which
 * a proxy in front of the service may send); undefined when neither.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names a weekday and GMT; a number in another form (`1.5`, `-1`, `0x10`) is neither form.
  if (!/^[A-Za-z]{3},? .*GMT$/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export interface RateLimiter {
  /** Waits until the next request may go, when requests a second are capped. */
  beforeSend(): Promise<void>;
  /**
   * Waits out one 429 answer to a request (its `attempt`-th), or throws {@link RateLimitExhausted} when the budget or
   * the attempts run out, without waiting in vain.
   */
  waitOut(operationId: string, retryAfter: string | null, attempt: number): Promise<void>;
  stats(): RateLimitStats;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRateLimiter(options: RateLimitOptions = {}): RateLimiter {
  const budgetMs = options.budgetMs ?? defaultRateLimitBudgetMs;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? (() => performance.now());
  const interval = options.maxRequestsPerSecond ? 1000 / options.maxRequestsPerSecond : 0;
  let nextSendAt = Number.NEGATIVE_INFINITY;
  const stats: RateLimitStats = {
    answers: 0,
    withoutRetryAfter: 0,
    waitedMs: 0,
    budgetMs,
    throttledMs: 0,
    ...(options.maxRequestsPerSecond ? { maxRequestsPerSecond: options.maxRequestsPerSecond } : {}),
  };
  const seconds = (ms: number) => `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;

  return {
    async beforeSend() {
      if (interval === 0) return;
      const at = now();
      const wait = nextSendAt - at;
      nextSendAt = Math.max(at, nextSendAt) + interval;
      if (wait > 0) {
        stats.throttledMs += wait;
        await sleep(wait);
      }
    },
    async waitOut(operationId, retryAfter, attempt) {
      const asked = parseRetryAfter(retryAfter, Date.now());
      const wait = asked ?? fallbackWaitMs(attempt);
      if (attempt >= maxRateLimitedAttempts) {
        throw new RateLimitExhausted(
          `rate limited: ${operationId} was answered 429 ${attempt} times in a row, waited out each time; the suite gives up on a request after ${maxRateLimitedAttempts} (lower the request rate with --max-rps)`,
        );
      }
      if (stats.waitedMs + wait > budgetMs) {
        throw new RateLimitExhausted(
          `rate limited: ${operationId} was answered 429 asking to wait ${seconds(wait)}${asked === undefined ? ' (no Retry-After: a doubling backoff)' : ' (Retry-After)'}, but the run has waited ${seconds(stats.waitedMs)} of its ${seconds(budgetMs)} budget for rate limits (--rate-limit-budget; --max-rps sends fewer requests a second)`,
        );
      }
      stats.answers += 1;
      if (asked === undefined) stats.withoutRetryAfter += 1;
      stats.waitedMs += wait;
      if (wait > 0) await sleep(wait);
    },
    stats: () => ({ ...stats }),
  };
}

/** One line of the run's summary, or undefined when nothing was limited or throttled. */
export function formatRateLimitStats(stats: RateLimitStats): string | undefined {
  const parts: string[] = [];
  if (stats.answers > 0) {
    const without =
      stats.withoutRetryAfter > 0 ? ` (${stats.withoutRetryAfter} without a readable Retry-After)` : '';
    parts.push(
      `${stats.answers} answers 429 waited out and sent again${without}, ${(stats.waitedMs / 1000).toFixed(1)} s of the ${stats.budgetMs / 1000} s budget (--rate-limit-budget)`,
    );
  }
  if (stats.maxRequestsPerSecond)
    parts.push(
      `at most ${stats.maxRequestsPerSecond} requests a second (--max-rps; ${(stats.throttledMs / 1000).toFixed(1)} s held back)`,
    );
  return parts.length > 0 ? `Rate limits: ${parts.join('; ')}` : undefined;
}

const limiters = new WeakMap<Target, RateLimiter>();

/**
 * The one limiter of a target: the pre-flight and the checks send through it alike, so they share one budget and one
 * request rate.
 */
export function rateLimiterFor(target: Target): RateLimiter {
  let limiter = limiters.get(target);
  if (!limiter) {
    limiter = createRateLimiter({
      ...(target.rateLimitBudgetMs === undefined ? {} : { budgetMs: target.rateLimitBudgetMs }),
      ...(target.maxRequestsPerSecond === undefined
        ? {}
        : { maxRequestsPerSecond: target.maxRequestsPerSecond }),
    });
    limiters.set(target, limiter);
  }
  return limiter;
}
