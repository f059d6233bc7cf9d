import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ResizeVolumeResponse } from '@inference-infra/types';
import { type CreateMutationResult, createMutation, useQueryClient } from '@tanstack/svelte-query';
import {
  type ResizeVolumeVariables,
  resizeVolumeMutationOptions,
} from '../options/resizeVolumeMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { SvelteMutationOptions } from './types.js';

/**
 * Grows a volume: `mutate({ id, size_gb })`; the cache then holds the resized volume and every other volume query is
 * invalidated. An `onSuccess` given here runs after that update.
 */
export function createResizeVolumeMutation({
  client,
  ...options
}: SvelteMutationOptions<
  WithRequestId<ResizeVolumeResponse>,
  ResizeVolumeVariables
> = {}): CreateMutationResult<
  WithRequestId<ResizeVolumeResponse>,
  InferenceInfraQueryError,
  ResizeVolumeVariables,
  unknown
> {
  const factory = resizeVolumeMutationOptions(getInferenceInfraClientContext(client), useQueryClient());
  const { onSuccess, ...rest } = passThrough(options);
  return createMutation(() => ({
    ...factory,
    ...rest,
    // Awaited in turn, so the mutation stays pending until both the cache update and the caller's callback are done.
    onSuccess: async (...args) => {
      await factory.onSuccess?.(...args);
      await onSuccess?.(...args);
    },
  }));
}
