import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import type { ChatCompletion, CreateChatCompletionBody } from '@inference-infra/types';
import type { UseMutationOptions } from '@tanstack/react-query';
import { inferenceInfraKeys } from '../queryKeys.js';
import { mutationRetry } from '../retryPolicy.js';
import type { InferenceInfraHookError } from '../types.js';

/** A chat request answered whole; streaming has its own hook, `useChatCompletionStream`. */
export type ChatCompletionVariables = Omit<CreateChatCompletionBody, 'stream' | 'stream_options'>;

/** A whole chat completion. A mutation, not a query: each call is billable and its answer is not a resource. */
export function chatCompletionMutationOptions(
  client: InferenceInfraClient,
): UseMutationOptions<WithRequestId<ChatCompletion>, InferenceInfraHookError, ChatCompletionVariables> {
  return {
    mutationKey: inferenceInfraKeys.chat.completion,
    mutationFn: (body) => client.chat.completions.create({ ...body, stream: false }),
    retry: mutationRetry,
  };
}
