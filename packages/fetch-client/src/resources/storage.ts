import type { ResizeVolumeBody, ResizeVolumeResponse } from '@inference-infra/types';
import type { APIPromise } from '../apiPromise.js';
import type { CallOptions, CoreClient } from '../internal/createCoreClient.js';
import type { WithRequestId } from '../internal/withRequestId.js';

export function storageResource(core: CoreClient) {
  return {
    /**
     * Grows a volume to `size_gb` (10 to 10000, above its current size). Never retried by the client once the
     * server may have acted on it.
     */
    resize(
      id: string,
      body: ResizeVolumeBody,
      options?: CallOptions,
    ): APIPromise<WithRequestId<ResizeVolumeResponse>> {
      return core.call('PATCH', '/api/v1/storage/{id}', { params: { path: { id } }, body }, options);
    },
  };
}

export type StorageResource = ReturnType<typeof storageResource>;
