import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ResizeVolumeResponse } from '@inference-infra/types';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/solid-query';
import {
  type ResizeVolumeVariables,
  resizeVolumeMutationOptions,
} from '../options/resizeVolumeMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { SolidMutationOptions } from './types.js';

/**
 * Grows a volume: `mutate({ id, size_gb })`; the cache then holds the resized volume and every other volume query is
 * invalidated. An `onSuccess` given here runs after that update.
 */
export function useResizeVolume({
  client,
  ...options
}: SolidMutationOptions<WithRequestId<ResizeVolumeResponse>, ResizeVolumeVariables> = {}): UseMutationResult<
  WithRequestId<ResizeVolumeResponse>,
  InferenceInfraQueryError,
  ResizeVolumeVariables,
  unknown
> {
  const factory = resizeVolumeMutationOptions(useInferenceInfraClient(client), useQueryClient());
  const { onSuccess, ...rest } = passThrough(options);
  return useMutation(() => ({
    ...factory,
    ...rest,
    // Awaited in turn, so the mutation stays pending until both the cache update and the caller's callback are done.
    onSuccess: async (...args) => {
      await factory.onSuccess?.(...args);
      await onSuccess?.(...args);
    },
  }));
}
