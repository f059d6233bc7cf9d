import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import { generateImagesMutationOptions as coreOptions } from '@inference-infra/query-core';
import type { GenerateImagesBody, GenerateImagesResponse } from '@inference-infra/types';
import type { UseMutationOptions } from '@tanstack/react-query';
import type { InferenceInfraHookError } from '../types.js';

/** Generates images; each result has `url` or `b64_json` according to `response_format`. Billable. */
export function generateImagesMutationOptions(
  client: InferenceInfraClient,
): UseMutationOptions<WithRequestId<GenerateImagesResponse>, InferenceInfraHookError, GenerateImagesBody> {
  return coreOptions(client);
}
