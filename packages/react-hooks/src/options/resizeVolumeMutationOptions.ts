import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import {
  resizeVolumeMutationOptions as coreOptions,
  type ResizeVolumeVariables,
} from '@inference-infra/query-core';
import type { ResizeVolumeResponse } from '@inference-infra/types';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import type { InferenceInfraHookError } from '../types.js';

export type { ResizeVolumeVariables };

/**
 * Grows a volume. On success the returned volume is written into the cache under
 * `inferenceInfraKeys.volumes.detail(id)`, and every other volume query is invalidated: the volume it changed
 * may sit in any of them, and only the answer for this one volume is known to be current.
 */
export function resizeVolumeMutationOptions(
  client: InferenceInfraClient,
  queryClient: QueryClient,
): UseMutationOptions<WithRequestId<ResizeVolumeResponse>, InferenceInfraHookError, ResizeVolumeVariables> {
  return coreOptions(client, queryClient);
}
