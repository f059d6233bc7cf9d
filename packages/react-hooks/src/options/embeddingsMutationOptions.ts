import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import { embeddingsMutationOptions as coreOptions } from '@inference-infra/query-core';
import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import type { UseMutationOptions } from '@tanstack/react-query';
import type { InferenceInfraHookError } from '../types.js';

/** Embeds text, one embedding per input item. A mutation although it reads nothing: the call is billable. */
export function embeddingsMutationOptions(
  client: InferenceInfraClient,
): UseMutationOptions<
  WithRequestId<CreateEmbeddingsResponse>,
  InferenceInfraHookError,
  CreateEmbeddingsBody
> {
  return coreOptions(client);
}
