import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import {
  type ChatStreamRefetchMode,
  chatCompletionStreamQueryOptions as coreOptions,
} from '@inference-infra/query-core';
import type { ChatCompletionChunk } from '@inference-infra/types';
import { queryOptions } from '@tanstack/react-query';
import type { ChatCompletionStreamQueryBody, inferenceInfraKeys } from '../queryKeys.js';
import type { InferenceInfraHookError } from '../types.js';

export type { ChatStreamRefetchMode };

/**
 * **Experimental**, as TanStack's `experimental_streamedQuery` it is built on: a streamed chat answer as a query.
 * `data` is the array of chunks that have arrived, growing as they come; the query is `success` from the first
 * chunk and `fetching` until the stream ends. Cancelling the query (`queryClient.cancelQueries`, the last observer
 * leaving) aborts the request. The chunks stay fresh until refetched on purpose (`staleTime: Infinity`).
 */
export function chatCompletionStreamQueryOptions(
  client: InferenceInfraClient,
  body: ChatCompletionStreamQueryBody,
  options: { refetchMode?: ChatStreamRefetchMode } = {},
) {
  return queryOptions<
    ChatCompletionChunk[],
    InferenceInfraHookError,
    ChatCompletionChunk[],
    ReturnType<typeof inferenceInfraKeys.chat.stream>
  >(coreOptions(client, body, options));
}
