import type { WithRequestId } from '@inference-infra/fetch-client';
import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import { type UseMutationResult, useMutation } from '@tanstack/solid-query';
import { embeddingsMutationOptions } from '../options/embeddingsMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { SolidMutationOptions } from './types.js';

/** Embeds text: `mutate({ model, input })`, then one `data.data[i].embedding` per input item. */
export function useEmbeddings({
  client,
  ...options
}: SolidMutationOptions<
  WithRequestId<CreateEmbeddingsResponse>,
  CreateEmbeddingsBody
> = {}): UseMutationResult<
  WithRequestId<CreateEmbeddingsResponse>,
  InferenceInfraQueryError,
  CreateEmbeddingsBody,
  unknown
> {
  const factory = embeddingsMutationOptions(useInferenceInfraClient(client));
  return useMutation(() => ({ ...factory, ...passThrough(options) }));
}
