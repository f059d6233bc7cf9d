import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ResizeVolumeResponse } from '@inference-infra/types';
import { type UseMutationReturnType, useMutation, useQueryClient } from '@tanstack/vue-query';
import {
  type ResizeVolumeVariables,
  resizeVolumeMutationOptions,
} from '../options/resizeVolumeMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import type { VueMutationOptions } from './types.js';

/**
 * Grows a volume: `mutate({ id, size_gb })`; the cache then holds the resized volume and every other volume query is
 * invalidated. An `onSuccess` given here runs after that update.
 */
export function useResizeVolume({
  client,
  ...options
}: VueMutationOptions<
  WithRequestId<ResizeVolumeResponse>,
  ResizeVolumeVariables
> = {}): UseMutationReturnType<
  WithRequestId<ResizeVolumeResponse>,
  InferenceInfraQueryError,
  ResizeVolumeVariables,
  unknown
> {
  const factory = resizeVolumeMutationOptions(useInferenceInfraClient(client), useQueryClient());
  const { onSuccess, ...rest } = passThrough(options);
  return useMutation({
    ...factory,
    ...rest,
    // Awaited in turn, so the mutation stays pending until both the cache update and the caller's callback are done.
    onSuccess: async (...args) => {
      await factory.onSuccess?.(...args);
      await onSuccess?.(...args);
    },
  });
}
