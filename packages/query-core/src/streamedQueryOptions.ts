import { experimental_streamedQuery, type QueryKey } from '@tanstack/query-core';
import { shouldRetryQuery } from './retryPolicy.js';
import type { InferenceInfraQueryOptions } from './types.js';

/**
 * What a refetch does with the events already cached (TanStack's `refetchMode` of `streamedQuery`):
 * `'reset'` (the default) empties the data and starts over, `'append'` adds the new answer's events after the old
 * ones, `'replace'` keeps the old events until the new stream has ended and then writes its events in their place.
 */
export type StreamRefetchMode = 'reset' | 'append' | 'replace';

/**
 * **Experimental**, as TanStack's `experimental_streamedQuery` it is built on: a streamed answer as a query, for every
 * streamed operation. `data` is the array of events that have arrived, growing as they come; the query is `success`
 * from the first event and `fetching` until the stream ends. Cancelling the query (`queryClient.cancelQueries`, the
 * last observer leaving) aborts the request: TanStack's signal reaches it, and the billing stops with the stream.
 *
 * Each fetch is a new, billable answer, so the events stay fresh until refetched on purpose (`staleTime: Infinity`):
 * mounting, focus and reconnect do not ask again.
 */
export function streamedQueryOptions<TEvent, TKey extends QueryKey>(
  queryKey: TKey,
  stream: (signal: AbortSignal) => Promise<AsyncIterable<TEvent>>,
  refetchMode: StreamRefetchMode,
): InferenceInfraQueryOptions<TEvent[], TKey> {
  return {
    queryKey,
    queryFn: experimental_streamedQuery<TEvent, TEvent[], TKey>({
      streamFn: ({ signal }) => stream(signal),
      refetchMode,
    }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: shouldRetryQuery,
  };
}
