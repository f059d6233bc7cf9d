import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import { inferenceInfraKeys } from '../queryKeys.js';
import { mutationRetry } from '../retryPolicy.js';
import type { InferenceInfraMutationOptions } from '../types.js';

/**
 * Embeds text, one embedding per input item. A mutation although it reads nothing: the call is billable, so it
 * runs when asked, never on mount, focus or reconnect as a query would.
 */
export function embeddingsMutationOptions(
  client: InferenceInfraClient,
): InferenceInfraMutationOptions<WithRequestId<CreateEmbeddingsResponse>, CreateEmbeddingsBody> {
  return {
    mutationKey: inferenceInfraKeys.embeddings.create,
    mutationFn: (body) => client.embeddings.create(body),
    retry: mutationRetry,
  };
}
