import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ChatCompletion } from '@inference-infra/types';
import { type UseMutationReturnType, useMutation } from '@tanstack/vue-query';
import {
  type ChatCompletionVariables,
  chatCompletionMutationOptions,
} from '../options/chatCompletionMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import type { VueMutationOptions } from './types.js';

/** A chat answer, whole: `mutate({ model, messages })`, then `data.value.choices[0].message`. */
export function useChatCompletion({
  client,
  ...options
}: VueMutationOptions<WithRequestId<ChatCompletion>, ChatCompletionVariables> = {}): UseMutationReturnType<
  WithRequestId<ChatCompletion>,
  InferenceInfraQueryError,
  ChatCompletionVariables,
  unknown
> {
  return useMutation({
    ...chatCompletionMutationOptions(useInferenceInfraClient(client)),
    ...passThrough(options),
  });
}
