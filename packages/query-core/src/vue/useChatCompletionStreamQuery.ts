import type { ChatCompletionChunk } from '@inference-infra/types';
import { type UseQueryReturnType, useQuery } from '@tanstack/vue-query';
import { type MaybeRefOrGetter, toValue } from 'vue';
import {
  type ChatStreamRefetchMode,
  chatCompletionStreamQueryOptions,
} from '../options/chatCompletionStreamQueryOptions.js';
import type { ChatCompletionStreamQueryBody, ChatStreamKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import { reactiveOptions } from './reactiveOptions.js';
import type { VueQueryOptions } from './types.js';

export type VueChatCompletionStreamQueryOptions = VueQueryOptions<ChatCompletionChunk[], ChatStreamKey> & {
  /** What a refetch does with the chunks cached: `'reset'` (default), `'append'` or `'replace'`. */
  refetchMode?: ChatStreamRefetchMode;
};

/**
 * **Experimental** (on TanStack's `experimental_streamedQuery`): the streamed answer to `body` as a cached query;
 * `data` holds the chunks that have arrived, in order. Each fetch is billable: pass `enabled` as a ref that turns
 * true when the user asks.
 */
export function useChatCompletionStreamQuery(
  body: MaybeRefOrGetter<ChatCompletionStreamQueryBody>,
  { client, refetchMode, ...options }: VueChatCompletionStreamQueryOptions = {},
): UseQueryReturnType<ChatCompletionChunk[], InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useQuery(() => ({
    ...chatCompletionStreamQueryOptions(resolved, toValue(body), { refetchMode }),
    ...reactiveOptions(options),
  }));
}
