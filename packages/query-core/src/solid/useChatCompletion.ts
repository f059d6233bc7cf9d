import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ChatCompletion } from '@inference-infra/types';
import { type UseMutationResult, useMutation } from '@tanstack/solid-query';
import {
  type ChatCompletionVariables,
  chatCompletionMutationOptions,
} from '../options/chatCompletionMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { SolidMutationOptions } from './types.js';

/** A chat answer, whole: `mutate({ model, messages })`, then `data.choices[0].message`. */
export function useChatCompletion({
  client,
  ...options
}: SolidMutationOptions<WithRequestId<ChatCompletion>, ChatCompletionVariables> = {}): UseMutationResult<
  WithRequestId<ChatCompletion>,
  InferenceInfraQueryError,
  ChatCompletionVariables,
  unknown
> {
  const factory = chatCompletionMutationOptions(useInferenceInfraClient(client));
  return useMutation(() => ({ ...factory, ...passThrough(options) }));
}
