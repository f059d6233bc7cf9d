import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import type { ChatCompletion, CreateChatCompletionBody } from '@inference-infra/types';
import { inferenceInfraKeys } from '../queryKeys.js';
import { mutationRetry } from '../retryPolicy.js';
import type { InferenceInfraMutationOptions } from '../types.js';

/** A chat request answered whole; a streamed answer is `chatCompletionStreamQueryOptions` or an adapter's stream. */
export type ChatCompletionVariables = Omit<CreateChatCompletionBody, 'stream' | 'stream_options'>;

/** A whole chat completion. A mutation, not a query: each call is billable and its answer is not a resource. */
export function chatCompletionMutationOptions(
  client: InferenceInfraClient,
): InferenceInfraMutationOptions<WithRequestId<ChatCompletion>, ChatCompletionVariables> {
  return {
    mutationKey: inferenceInfraKeys.chat.completion,
    mutationFn: (body) => client.chat.completions.create({ ...body, stream: false }),
    retry: mutationRetry,
  };
}
