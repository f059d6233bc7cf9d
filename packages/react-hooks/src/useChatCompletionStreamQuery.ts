import type { ChatCompletionChunk } from '@inference-infra/types';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import {
  type ChatStreamRefetchMode,
  chatCompletionStreamQueryOptions,
} from './options/chatCompletionStreamQueryOptions.js';
import type { ChatCompletionStreamQueryBody, inferenceInfraKeys } from './queryKeys.js';
import type { InferenceInfraHookError, QueryHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

export type ChatCompletionStreamQueryOptions = QueryHookOptions<
  ChatCompletionChunk[],
  ReturnType<typeof inferenceInfraKeys.chat.stream>
> & {
  /** What a refetch does with the chunks cached: `'reset'` (default), `'append'` or `'replace'`. */
  refetchMode?: ChatStreamRefetchMode;
};

/**
 * **Experimental** (on TanStack's `experimental_streamedQuery`, whose API may change in a minor release): the
 * streamed answer to `body` as a cached query. `data` holds the chunks that have arrived, in order; `isSuccess` turns
 * true with the first chunk and `isFetching` stays true until the stream ends. Unlike `useChatCompletionStream`, the
 * answer is cached under `inferenceInfraKeys.chat.stream(body)`, so another component asking the same gets it without
 * a second request. Pass `enabled: false` until the user asks: each fetch is a billable answer.
 */
export function useChatCompletionStreamQuery(
  body: ChatCompletionStreamQueryBody,
  { client, refetchMode, ...options }: ChatCompletionStreamQueryOptions = {},
): UseQueryResult<ChatCompletionChunk[], InferenceInfraHookError> {
  return useQuery({
    ...chatCompletionStreamQueryOptions(useInferenceInfraClient(client), body, { refetchMode }),
    ...passThrough(options),
  });
}
