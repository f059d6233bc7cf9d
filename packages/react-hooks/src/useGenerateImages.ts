import type { WithRequestId } from '@inference-infra/fetch-client';
import type { GenerateImagesBody, GenerateImagesResponse } from '@inference-infra/types';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import { generateImagesMutationOptions } from './options/generateImagesMutationOptions.js';
import type { InferenceInfraHookError, MutationHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/** Generates images: `mutate({ model, prompt, response_format })`, then `data.data[i].url` or `.b64_json`. */
export function useGenerateImages({
  client,
  ...options
}: MutationHookOptions<WithRequestId<GenerateImagesResponse>, GenerateImagesBody> = {}): UseMutationResult<
  WithRequestId<GenerateImagesResponse>,
  InferenceInfraHookError,
  GenerateImagesBody
> {
  return useMutation({
    ...generateImagesMutationOptions(useInferenceInfraClient(client)),
    ...passThrough(options),
  });
}
