import type { WithRequestId } from '@inference-infra/fetch-client';
import type { GenerateImagesBody, GenerateImagesResponse } from '@inference-infra/types';
import { type UseMutationResult, useMutation } from '@tanstack/solid-query';
import { generateImagesMutationOptions } from '../options/generateImagesMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { SolidMutationOptions } from './types.js';

/** Generates images: `mutate({ model, prompt })`, then `data.data[i].url` or `.b64_json`. */
export function useGenerateImages({
  client,
  ...options
}: SolidMutationOptions<WithRequestId<GenerateImagesResponse>, GenerateImagesBody> = {}): UseMutationResult<
  WithRequestId<GenerateImagesResponse>,
  InferenceInfraQueryError,
  GenerateImagesBody,
  unknown
> {
  const factory = generateImagesMutationOptions(useInferenceInfraClient(client));
  return useMutation(() => ({ ...factory, ...passThrough(options) }));
}
