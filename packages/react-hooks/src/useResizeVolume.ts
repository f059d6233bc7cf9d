import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ResizeVolumeResponse } from '@inference-infra/types';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ResizeVolumeVariables,
  resizeVolumeMutationOptions,
} from './options/resizeVolumeMutationOptions.js';
import type { InferenceInfraHookError, MutationHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/** Grows a volume: `mutate({ id, size_gb })`; the cache then holds the resized volume. */
export function useResizeVolume({
  client,
  ...options
}: MutationHookOptions<WithRequestId<ResizeVolumeResponse>, ResizeVolumeVariables> = {}): UseMutationResult<
  WithRequestId<ResizeVolumeResponse>,
  InferenceInfraHookError,
  ResizeVolumeVariables
> {
  const queryClient = useQueryClient();
  return useMutation({
    ...resizeVolumeMutationOptions(useInferenceInfraClient(client), queryClient),
    ...options,
  });
}
