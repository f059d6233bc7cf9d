import type { ChatCompletionChunk } from '@inference-infra/types';
import { type CreateQueryResult, createQuery } from '@tanstack/svelte-query';
import type { Accessor } from '../accessor.js';
import {
  type ChatStreamRefetchMode,
  chatCompletionStreamQueryOptions,
} from '../options/chatCompletionStreamQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { ChatCompletionStreamQueryBody, ChatStreamKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { ClientOption, SvelteQueryOptions } from './types.js';

export type SvelteChatCompletionStreamQueryOptions = SvelteQueryOptions<
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
export function createChatCompletionStreamQuery(
  body: Accessor<ChatCompletionStreamQueryBody>,
  options: Accessor<SvelteChatCompletionStreamQueryOptions> = () => ({}),
  { client }: ClientOption = {},
): CreateQueryResult<ChatCompletionChunk[], InferenceInfraQueryError> {
  const resolved = getInferenceInfraClientContext(client);
  return createQuery(() => {
    const { refetchMode, ...rest } = options();
    return { ...chatCompletionStreamQueryOptions(resolved, body(), { refetchMode }), ...passThrough(rest) };
  });
}
