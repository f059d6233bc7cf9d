import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { ChatCompletionChunk } from '@inference-infra/types';
import { experimental_streamedQuery } from '@tanstack/query-core';
import { type ChatCompletionStreamQueryBody, type ChatStreamKey, inferenceInfraKeys } from '../queryKeys.js';
import { shouldRetryQuery } from '../retryPolicy.js';
import type { InferenceInfraQueryOptions } from '../types.js';

/**
 * What a refetch does with the chunks already cached (TanStack's `refetchMode` of `streamedQuery`):
 * `'reset'` (the default) empties the data and starts over, `'append'` adds the new answer's chunks after the old
 * ones, `'replace'` keeps the old chunks until the new stream has ended and then writes its chunks in their place.
 */
export type ChatStreamRefetchMode = 'reset' | 'append' | 'replace';

/**
 * **Experimental**, as TanStack's `experimental_streamedQuery` it is built on: a streamed chat answer as a query.
 * `data` is the array of chunks that have arrived, growing as they come; the query is `success` from the first
 * chunk and `fetching` until the stream ends. Cancelling the query (`queryClient.cancelQueries`, the last observer
 * leaving) aborts the request.
 *
 * Each fetch is a new, billable answer, so the chunks stay fresh until refetched on purpose (`staleTime: Infinity`):
 * mounting, focus and reconnect do not ask again.
 */
export function chatCompletionStreamQueryOptions(
  client: InferenceInfraClient,
  body: ChatCompletionStreamQueryBody,
  { refetchMode = 'reset' }: { refetchMode?: ChatStreamRefetchMode | undefined } = {},
): InferenceInfraQueryOptions<ChatCompletionChunk[], ChatStreamKey> {
  return {
    queryKey: inferenceInfraKeys.chat.stream(body),
    queryFn: experimental_streamedQuery<ChatCompletionChunk, ChatCompletionChunk[], ChatStreamKey>({
      // TanStack's signal reaches the request: cancelling the query stops the stream and the billing with it.
      streamFn: ({ signal }) => client.chat.completions.create({ ...body, stream: true }, { signal }),
      refetchMode,
    }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: shouldRetryQuery,
  };
}
