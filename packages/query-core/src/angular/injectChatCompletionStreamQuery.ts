import type { ChatCompletionChunk } from '@inference-infra/types';
import { type CreateQueryResult, injectQuery } from '@tanstack/angular-query-experimental';
import type { Accessor } from '../accessor.js';
import {
  type ChatStreamRefetchMode,
  chatCompletionStreamQueryOptions,
} from '../options/chatCompletionStreamQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { ChatCompletionStreamQueryBody, ChatStreamKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularQueryOptions, ClientOption } from './types.js';

export type AngularChatCompletionStreamQueryOptions = AngularQueryOptions<
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
export function injectChatCompletionStreamQuery(
  body: Accessor<ChatCompletionStreamQueryBody>,
  options: Accessor<AngularChatCompletionStreamQueryOptions> = () => ({}),
  { client }: ClientOption = {},
): CreateQueryResult<ChatCompletionChunk[], InferenceInfraQueryError> {
  const resolved = injectInferenceInfraClient(client);
  return injectQuery(() => {
    const { refetchMode, ...rest } = options();
    return { ...chatCompletionStreamQueryOptions(resolved, body(), { refetchMode }), ...passThrough(rest) };
  });
}
