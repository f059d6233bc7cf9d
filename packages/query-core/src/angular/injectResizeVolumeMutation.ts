import { inject } from '@angular/core';
import type { WithRequestId } from '@inference-infra/fetch-client';
import type { ResizeVolumeResponse } from '@inference-infra/types';
import { type CreateMutationResult, injectMutation, QueryClient } from '@tanstack/angular-query-experimental';
import {
  type ResizeVolumeVariables,
  resizeVolumeMutationOptions,
} from '../options/resizeVolumeMutationOptions.js';
import { passThrough } from '../passThrough.js';
import type { InferenceInfraQueryError } from '../types.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularMutationOptions } from './types.js';

/**
 * Grows a volume: `mutate({ id, size_gb })`; the cache then holds the resized volume and every other volume query is
 * invalidated. An `onSuccess` given here runs after that update.
 */
export function injectResizeVolumeMutation({
  client,
  ...options
}: AngularMutationOptions<
  WithRequestId<ResizeVolumeResponse>,
  ResizeVolumeVariables
> = {}): CreateMutationResult<
  WithRequestId<ResizeVolumeResponse>,
  InferenceInfraQueryError,
  ResizeVolumeVariables,
  unknown
> {
  const factory = resizeVolumeMutationOptions(injectInferenceInfraClient(client), inject(QueryClient));
  const { onSuccess, ...rest } = passThrough(options);
  return injectMutation(() => ({
    ...factory,
    ...rest,
    // Awaited in turn, so the mutation stays pending until both the cache update and the caller's callback are done.
    onSuccess: async (...args) => {
      await factory.onSuccess?.(...args);
      await onSuccess?.(...args);
    },
  }));
}
