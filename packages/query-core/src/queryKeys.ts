import { volumeDetailKey } from './cacheUpdates/resizeVolume.js';
import { operationKeys } from './queryKeys.gen.js';

/**
 * Every query and mutation key of the toolkit's TanStack options, in every framework: the root, then the resource,
 * then what was asked. Match any prefix for cache work:
 * `queryClient.invalidateQueries({ queryKey: inferenceInfraKeys.billing.all })`.
 *
 * Keys hold the query as given; TanStack hashes objects with sorted keys and drops `undefined` values, so
 * `{ region: undefined, gpu_type: 'H100' }` and `{ gpu_type: 'H100' }` share one cache entry. Keys do not name the
 * client: give each API key or deployment its own `QueryClient`.
 *
 * Each operation's keys are generated from the spec (`queryKeys.gen.ts`, placed by its `x-sdk` key); the one key of no
 * operation is the volume a resize writes (`cacheUpdates/resizeVolume.ts`).
 */
export const inferenceInfraKeys = {
  ...operationKeys,
  volumes: { ...operationKeys.volumes, detail: volumeDetailKey },
};
