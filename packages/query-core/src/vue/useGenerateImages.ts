import type { WithRequestId } from '@inference-infra/fetch-client';
import type { GenerateImagesBody, GenerateImagesResponse } from '@inference-infra/types';
import { type UseMutationReturnType, useMutation } from '@tanstack/vue-query';
import { generateImagesMutationOptions } from '../options/generateImagesMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import type { VueMutationOptions } from './types.js';

/** Generates images: `mutate({ model, prompt })`, then `data.value.data[i].url` or `.b64_json`. */
export function useGenerateImages({
  client,
  ...options
}: VueMutationOptions<WithRequestId<GenerateImagesResponse>, GenerateImagesBody> = {}): UseMutationReturnType<
  WithRequestId<GenerateImagesResponse>,
  InferenceInfraQueryError,
  GenerateImagesBody,
  unknown
> {
  return useMutation({
    ...generateImagesMutationOptions(useInferenceInfraClient(client)),
    ...passThrough(options),
  });
}
