import type { WithRequestId } from '@inference-infra/fetch-client';
import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import { embeddingsMutationOptions } from './options/embeddingsMutationOptions.js';
import type { InferenceInfraHookError, MutationHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/** Embeds text: `mutate({ model, input })`, then one `data.data[i].embedding` per input item. */
export function useEmbeddings({
  client,
  ...options
}: MutationHookOptions<
  WithRequestId<CreateEmbeddingsResponse>,
  CreateEmbeddingsBody
> = {}): UseMutationResult<
  WithRequestId<CreateEmbeddingsResponse>,
  InferenceInfraHookError,
  CreateEmbeddingsBody
> {
  return useMutation({
    ...embeddingsMutationOptions(useInferenceInfraClient(client)),
    ...passThrough(options),
  });
}
