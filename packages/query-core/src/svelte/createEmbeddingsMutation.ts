import type { WithRequestId } from '@inference-infra/fetch-client';
import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import { type CreateMutationResult, createMutation } from '@tanstack/svelte-query';
import { embeddingsMutationOptions } from '../options/embeddingsMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { SvelteMutationOptions } from './types.js';

/** Embeds text: `mutate({ model, input })`, then one `data.data[i].embedding` per input item. */
export function createEmbeddingsMutation({
  client,
  ...options
}: SvelteMutationOptions<
  WithRequestId<CreateEmbeddingsResponse>,
  CreateEmbeddingsBody
> = {}): CreateMutationResult<
  WithRequestId<CreateEmbeddingsResponse>,
  InferenceInfraQueryError,
  CreateEmbeddingsBody,
  unknown
> {
  const factory = embeddingsMutationOptions(getInferenceInfraClientContext(client));
  return createMutation(() => ({ ...factory, ...passThrough(options) }));
}
