import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ChatCompletion } from '@inference-infra/types';
import { type CreateMutationResult, createMutation } from '@tanstack/svelte-query';
import {
  type ChatCompletionVariables,
  chatCompletionMutationOptions,
} from '../options/chatCompletionMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { SvelteMutationOptions } from './types.js';

/** A chat answer, whole: `mutate({ model, messages })`, then `data.choices[0].message`. */
export function createChatCompletionMutation({
  client,
  ...options
}: SvelteMutationOptions<WithRequestId<ChatCompletion>, ChatCompletionVariables> = {}): CreateMutationResult<
  WithRequestId<ChatCompletion>,
  InferenceInfraQueryError,
  ChatCompletionVariables,
  unknown
> {
  const factory = chatCompletionMutationOptions(getInferenceInfraClientContext(client));
  return createMutation(() => ({ ...factory, ...passThrough(options) }));
}
