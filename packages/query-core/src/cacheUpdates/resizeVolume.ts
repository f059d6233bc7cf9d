import type { WithRequestId } from '@inference-infra/fetch-client';
import type { PersistentVolume, ResizeVolumeResponse } from '@inference-infra/types';
import { type Tagged, taggedWith } from '../keyTag.js';
import { volumesKeyPrefix } from '../queryKeys.gen.js';
import type { CacheWriter } from '../types.js';

// Semantics the spec cannot say, so written by hand: what a successful resize means for the data already cached.
// The generator composes it: an operation with a file here gets `onSuccess: <name>CacheUpdate(queryClient)`.

export type VolumeKey = Tagged<readonly ['inference-infra', 'volumes', 'detail', string], PersistentVolume>;

/** Where a resize (`resizeVolumeMutationOptions`) writes the volume it resized: no operation reads one volume yet. */
export const volumeDetailKey = (id: string): VolumeKey =>
  taggedWith<PersistentVolume>()([...volumesKeyPrefix, 'detail', id]);

/**
 * The returned volume is written into the cache under `inferenceInfraKeys.volumes.detail(id)`, and every other volume
 * query is invalidated: the volume it changed may sit in any of them, and only the answer for this one volume is
 * known to be current. The QueryClient is a parameter rather than read from the callbacks' context, which only
 * recent v5 releases pass.
 */
export function resizeVolumeCacheUpdate(queryClient: CacheWriter) {
  return (response: WithRequestId<ResizeVolumeResponse>, { id }: { id: string }) => {
    const detailKey = volumeDetailKey(id);
    queryClient.setQueryData(detailKey, response.data);
    // Returned, so the mutation stays pending until the invalidated queries that are on screen have refetched.
    // The entry just written is told by its key, not its hash: an app may hash keys its own way.
    return queryClient.invalidateQueries({
      queryKey: volumesKeyPrefix,
      predicate: ({ queryKey }) => !(queryKey[2] === detailKey[2] && queryKey[3] === id),
    });
  };
}
