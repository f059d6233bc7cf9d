import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ResizeVolumeResponse } from '@inference-infra/types';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import {
  type ResizeVolumeVariables,
  resizeVolumeMutationOptions,
} from './options/resizeVolumeMutationOptions.js';
import type { InferenceInfraHookError, MutationHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/**
 * Grows a volume: `mutate({ id, size_gb })`; the cache then holds the resized volume. An `onSuccess` given here runs
 * after the cache update, so it reads the resized volume from the cache.
 */
export function useResizeVolume({
  client,
  ...options
}: MutationHookOptions<WithRequestId<ResizeVolumeResponse>, ResizeVolumeVariables> = {}): UseMutationResult<
  WithRequestId<ResizeVolumeResponse>,
  InferenceInfraHookError,
  ResizeVolumeVariables
> {
  const builder = resizeVolumeMutationOptions(useInferenceInfraClient(client), useQueryClient());
  const { onSuccess, ...rest } = passThrough(options);
  return useMutation({
    ...builder,
    ...rest,
    // Awaited in turn, so the mutation stays pending until both the cache update and the caller's callback are done.
    onSuccess: async (...args) => {
      await builder.onSuccess?.(...args);
      await onSuccess?.(...args);
    },
  });
}
