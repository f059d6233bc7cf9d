import type { ChatCompletionChunk } from '@inference-infra/types';
import { type UseQueryResult, useQuery } from '@tanstack/solid-query';
import type { Accessor } from 'solid-js';
import {
  type ChatStreamRefetchMode,
  chatCompletionStreamQueryOptions,
} from '../options/chatCompletionStreamQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { ChatCompletionStreamQueryBody, ChatStreamKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { ClientOption, SolidQueryOptions } from './types.js';

export type SolidChatCompletionStreamQueryOptions = SolidQueryOptions<
  ChatCompletionChunk[],
  ChatStreamKey
> & {
  /** What a refetch does with the chunks cached: `'reset'` (default), `'append'` or `'replace'`. */
  refetchMode?: ChatStreamRefetchMode;
};

/**
 * **Experimental** (on TanStack's `experimental_streamedQuery`): the streamed answer to `body()` as a cached query;
 * `data` holds the chunks that have arrived, in order. Each fetch is billable: return `enabled: false` from
 * `options` until the user asks.
 */
export function useChatCompletionStreamQuery(
  body: Accessor<ChatCompletionStreamQueryBody>,
  options: Accessor<SolidChatCompletionStreamQueryOptions> = () => ({}),
  { client }: ClientOption = {},
): UseQueryResult<ChatCompletionChunk[], InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useQuery(() => {
    const { refetchMode, ...rest } = options();
    return { ...chatCompletionStreamQueryOptions(resolved, body(), { refetchMode }), ...passThrough(rest) };
  });
}
