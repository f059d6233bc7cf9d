import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import {
  type ChatCompletionVariables,
  chatCompletionMutationOptions as coreOptions,
} from '@inference-infra/query-core';
import type { ChatCompletion } from '@inference-infra/types';
import type { UseMutationOptions } from '@tanstack/react-query';
import type { InferenceInfraHookError } from '../types.js';

export type { ChatCompletionVariables };

/** A whole chat completion. A mutation, not a query: each call is billable and its answer is not a resource. */
export function chatCompletionMutationOptions(
  client: InferenceInfraClient,
): UseMutationOptions<WithRequestId<ChatCompletion>, InferenceInfraHookError, ChatCompletionVariables> {
  return coreOptions(client);
}
