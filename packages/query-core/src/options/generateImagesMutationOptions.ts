import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import type { GenerateImagesBody, GenerateImagesResponse } from '@inference-infra/types';
import { inferenceInfraKeys } from '../queryKeys.js';
import { mutationRetry } from '../retryPolicy.js';
import type { InferenceInfraMutationOptions } from '../types.js';

/** Generates images; each result has `url` or `b64_json` according to `response_format`. Billable. */
export function generateImagesMutationOptions(
  client: InferenceInfraClient,
): InferenceInfraMutationOptions<WithRequestId<GenerateImagesResponse>, GenerateImagesBody> {
  return {
    mutationKey: inferenceInfraKeys.images.generate,
    mutationFn: (body) => client.images.generate(body),
    retry: mutationRetry,
  };
}
