import type { WithRequestId } from '@inference-infra/fetch-client';
import type { GenerateImagesBody, GenerateImagesResponse } from '@inference-infra/types';
import { type CreateMutationResult, injectMutation } from '@tanstack/angular-query-experimental';
import { generateImagesMutationOptions } from '../options/generateImagesMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularMutationOptions } from './types.js';

/** Generates images: `mutate({ model, prompt })`, then `data.data[i].url` or `.b64_json`. */
export function injectGenerateImagesMutation({
  client,
  ...options
}: AngularMutationOptions<
  WithRequestId<GenerateImagesResponse>,
  GenerateImagesBody
> = {}): CreateMutationResult<
  WithRequestId<GenerateImagesResponse>,
  InferenceInfraQueryError,
  GenerateImagesBody,
  unknown
> {
  const factory = generateImagesMutationOptions(injectInferenceInfraClient(client));
  return injectMutation(() => ({ ...factory, ...passThrough(options) }));
}
