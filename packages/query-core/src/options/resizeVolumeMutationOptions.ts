import type { InferenceInfraClient, WithRequestId } from '@inference-infra/fetch-client';
import type { ResizeVolumeBody, ResizeVolumeResponse } from '@inference-infra/types';
import type { QueryClient } from '@tanstack/query-core';
import { inferenceInfraKeys } from '../queryKeys.js';
import { mutationRetry } from '../retryPolicy.js';
import type { InferenceInfraMutationOptions } from '../types.js';

/** What `mutate` takes: the volume and its new size. */
export type ResizeVolumeVariables = { id: string } & ResizeVolumeBody;

/** The two calls of the cache update; every adapter's QueryClient has them (Vue's and Angular's subclass the core's). */
export type CacheWriter = Pick<QueryClient, 'setQueryData' | 'invalidateQueries'>;

/**
 * Grows a volume. On success the returned volume is written into the cache under
 * `inferenceInfraKeys.volumes.detail(id)`, and every other volume query is invalidated: the volume it changed
 * may sit in any of them, and only the answer for this one volume is known to be current.
 *
 * The QueryClient is a parameter rather than read from the callbacks' context, which only recent v5 releases pass.
 */
export function resizeVolumeMutationOptions(
  client: InferenceInfraClient,
  queryClient: CacheWriter,
): InferenceInfraMutationOptions<WithRequestId<ResizeVolumeResponse>, ResizeVolumeVariables> {
  return {
    mutationKey: inferenceInfraKeys.volumes.resize,
    mutationFn: ({ id, ...body }) => client.storage.resize(id, body),
    retry: mutationRetry,
    onSuccess: (response, { id }) => {
      const detailKey = inferenceInfraKeys.volumes.detail(id);
      queryClient.setQueryData(detailKey, response.data);
      // Returned, so the mutation stays pending until the invalidated queries that are on screen have refetched.
      // The entry just written is told by its key, not its hash: an app may hash keys its own way.
      return queryClient.invalidateQueries({
        queryKey: inferenceInfraKeys.volumes.all,
        predicate: ({ queryKey }) => !(queryKey[2] === detailKey[2] && queryKey[3] === id),
      });
    },
  };
}
