import type { WithRequestId } from '@inference-infra/fetch-client';
import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import { type UseMutationReturnType, useMutation } from '@tanstack/vue-query';
import { embeddingsMutationOptions } from '../options/embeddingsMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import type { VueMutationOptions } from './types.js';

/** Embeds text: `mutate({ model, input })`, then one `data.value.data[i].embedding` per input item. */
export function useEmbeddings({
  client,
  ...options
}: VueMutationOptions<
  WithRequestId<CreateEmbeddingsResponse>,
  CreateEmbeddingsBody
> = {}): UseMutationReturnType<
  WithRequestId<CreateEmbeddingsResponse>,
  InferenceInfraQueryError,
  CreateEmbeddingsBody,
  unknown
> {
  return useMutation({
    ...embeddingsMutationOptions(useInferenceInfraClient(client)),
    ...passThrough(options),
  });
}
