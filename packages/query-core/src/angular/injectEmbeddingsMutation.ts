import type { WithRequestId } from '@inference-infra/fetch-client';
import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import { type CreateMutationResult, injectMutation } from '@tanstack/angular-query-experimental';
import { embeddingsMutationOptions } from '../options/embeddingsMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularMutationOptions } from './types.js';

/** Embeds text: `mutate({ model, input })`, then one `data.data[i].embedding` per input item. */
export function injectEmbeddingsMutation({
  client,
  ...options
}: AngularMutationOptions<
  WithRequestId<CreateEmbeddingsResponse>,
  CreateEmbeddingsBody
> = {}): CreateMutationResult<
  WithRequestId<CreateEmbeddingsResponse>,
  InferenceInfraQueryError,
  CreateEmbeddingsBody,
  unknown
> {
  const factory = embeddingsMutationOptions(injectInferenceInfraClient(client));
  return injectMutation(() => ({ ...factory, ...passThrough(options) }));
}
