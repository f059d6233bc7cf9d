import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ChatCompletion } from '@inference-infra/types';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import {
  type ChatCompletionVariables,
  chatCompletionMutationOptions,
} from './options/chatCompletionMutationOptions.js';
import type { InferenceInfraHookError, MutationHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/** A chat answer, whole: `mutate({ model, messages })`, then `data.choices[0].message`. */
export function useChatCompletion({
  client,
  ...options
}: MutationHookOptions<WithRequestId<ChatCompletion>, ChatCompletionVariables> = {}): UseMutationResult<
  WithRequestId<ChatCompletion>,
  InferenceInfraHookError,
  ChatCompletionVariables
> {
  return useMutation({
    ...chatCompletionMutationOptions(useInferenceInfraClient(client)),
    ...passThrough(options),
  });
}
