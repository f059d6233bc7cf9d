import { isInferenceInfraError } from '@inference-infra/fetch-client';

/** TanStack Query's own default for queries, kept for errors that do not come from the client. */
const tanstackDefaultRetries = 3;

/**
 * The retry rule of every query of the toolkit, in every framework: one layer retries, and it is the client.
 *
 * The client already retries each read that failed for a passing reason (connection failure, timeout, 408, 429,
 * 5xx) up to its `maxRetries` (default 2), with backoff and `Retry-After`. TanStack's default of 3 more retries on
 * top would turn one failing read into (1 + 3) × (1 + 2) = 12 requests. Every other error of the client cannot be
 * cured by asking again: a `RequestValidationError` (nothing was sent), a 4xx, an abort, a configuration error.
 * So an `InferenceInfraError` is never retried here; to retry more or less, set `maxRetries` on the client.
 * Anything else (thrown by your own code inside a query function) keeps TanStack's default of 3 retries.
 *
 * Use it as the QueryClient default too, for queries written against the client's low-level calls:
 * `new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery } } })`.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  // Not `instanceof`: an app may hold a client from another copy of fetch-client than the one this package imports.
  if (isInferenceInfraError(error)) return false;
  return failureCount < tanstackDefaultRetries;
}

/**
 * Mutations are never retried by TanStack here. Resizing, chat, images and embeddings change state or are billable;
 * the client retries them only when the server certainly did not act (429, a connection never made), and a
 * retry here would repeat a call the server may already have carried out.
 */
export const mutationRetry = false;
