import type { WithRequestId } from '@inference-infra/fetch-client';
import type { GenerateImagesBody, GenerateImagesResponse } from '@inference-infra/types';
import { type CreateMutationResult, createMutation } from '@tanstack/svelte-query';
import { generateImagesMutationOptions } from '../options/generateImagesMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { SvelteMutationOptions } from './types.js';

/** Generates images: `mutate({ model, prompt })`, then `data.data[i].url` or `.b64_json`. */
export function createGenerateImagesMutation({
  client,
  ...options
}: SvelteMutationOptions<
  WithRequestId<GenerateImagesResponse>,
  GenerateImagesBody
> = {}): CreateMutationResult<
  WithRequestId<GenerateImagesResponse>,
  InferenceInfraQueryError,
  GenerateImagesBody,
  unknown
> {
  const factory = generateImagesMutationOptions(getInferenceInfraClientContext(client));
  return createMutation(() => ({ ...factory, ...passThrough(options) }));
}
