import { ConflictError, createClient } from '@inference-infra/fetch-client';
import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, inject, it } from 'vitest';
import { inferenceInfraKeys } from '../queryKeys.js';
import { resizeVolumeMutationOptions } from '../queryOptions.gen.js';

// A seeded volume of 100 GB; the simulator keeps one state per key, so each test's own key starts from 100 GB.
const volumeId = 'vol_training';

function setUp(apiKey: string) {
  const client = createClient({ apiKey, platformUrl: inject('mockPlatformUrl') });
  const queryClient = new QueryClient();
  const resize = new MutationObserver(queryClient, resizeVolumeMutationOptions(client, queryClient));
  return { queryClient, resize };
}

describe('resizeVolumeMutationOptions, with no framework', () => {
  it('writes the resized volume under its key and invalidates every other volume query, only those', async () => {
    const { queryClient, resize } = setUp('ii_live_coreresize0001');
    const otherVolumeQuery = [...inferenceInfraKeys.volumes.all, 'list', {}];
    queryClient.setQueryData(otherVolumeQuery, { data: [] });
    queryClient.setQueryData(inferenceInfraKeys.instanceTypes.list(), { data: [], meta: { requestId: 'r' } });

    const response = await resize.mutate({ id: volumeId, size_gb: 500 });
    expect(response.data).toMatchObject({ id: volumeId, sizeGb: 500 });

    expect(queryClient.getQueryData(inferenceInfraKeys.volumes.detail(volumeId))).toEqual(response.data);
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(inferenceInfraKeys.volumes.detail(volumeId))).toBe(false);
    expect(invalidated(otherVolumeQuery)).toBe(true);
    expect(invalidated(inferenceInfraKeys.instanceTypes.list())).toBe(false);
  });

  it('keeps the cached volume on a 409 and does not retry it', async () => {
    const { queryClient, resize } = setUp('ii_live_coreresize0002');
    await resize.mutate({ id: volumeId, size_gb: 200 });
    const error = await resize.mutate({ id: volumeId, size_gb: 200 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(resize.getCurrentResult().failureCount).toBe(1);
    expect(queryClient.getQueryData(inferenceInfraKeys.volumes.detail(volumeId))).toMatchObject({
      sizeGb: 200,
    });
  });
});
