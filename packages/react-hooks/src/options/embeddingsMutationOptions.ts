import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import type { UseMutationOptions } from '@tanstack/react-query';
import { inferenceInfraKeys } from '../queryKeys.js';
import { mutationRetry } from '../retryPolicy.js';
import type { InferenceInfraHookError } from '../types.js';

/**
 * Embeds text, one embedding per input item. A mutation although it reads nothing: the call is billable, so it
 * runs when asked, never on mount, focus or reconnect as a query would.
 */
export function embeddingsMutationOptions(
  client: InferenceInfraClient,
): UseMutationOptions<
  WithRequestId<CreateEmbeddingsResponse>,
  InferenceInfraHookError,
  CreateEmbeddingsBody
> {
  return {
    mutationKey: inferenceInfraKeys.embeddings.create,
    mutationFn: (body) => client.embeddings.create(body),
    retry: mutationRetry,
  };
}
