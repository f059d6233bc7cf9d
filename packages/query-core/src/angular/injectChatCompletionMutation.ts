import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ChatCompletion } from '@inference-infra/types';
import { type CreateMutationResult, injectMutation } from '@tanstack/angular-query-experimental';
import {
  type ChatCompletionVariables,
  chatCompletionMutationOptions,
} from '../options/chatCompletionMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularMutationOptions } from './types.js';

/** A chat answer, whole: `mutate({ model, messages })`, then `data.choices[0].message`. */
export function injectChatCompletionMutation({
  client,
  ...options
}: AngularMutationOptions<WithRequestId<ChatCompletion>, ChatCompletionVariables> = {}): CreateMutationResult<
  WithRequestId<ChatCompletion>,
  InferenceInfraQueryError,
  ChatCompletionVariables,
  unknown
> {
  const factory = chatCompletionMutationOptions(injectInferenceInfraClient(client));
  return injectMutation(() => ({ ...factory, ...passThrough(options) }));
}
