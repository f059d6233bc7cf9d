import { ConflictError, RequestValidationError } from '@inference-infra/fetch-client';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResizeVolume } from './hooks.gen.js';
import { inferenceInfraKeys } from './queryKeys.js';
import { setUpHooks } from './test/renderWithClient.js';

// A seeded volume of 100 GB; each test that resizes it uses a key of its own, so it starts from 100 GB.
const volumeId = 'vol_training';

describe('useResizeVolume', () => {
  it('writes the resized volume into the cache and invalidates the other volume queries', async () => {
    const { wrapper, queryClient } = setUpHooks({ apiKey: 'ii_live_resizecache' });
    const otherVolumeQuery = [...inferenceInfraKeys.volumes.all, 'list', {}];
    queryClient.setQueryData(otherVolumeQuery, { data: [] });
    queryClient.setQueryData(inferenceInfraKeys.instanceTypes.list(), { data: [], meta: { requestId: 'r' } });
    const { result } = renderHook(() => useResizeVolume(), { wrapper });

    const response = await act(() => result.current.mutateAsync({ id: volumeId, size_gb: 500 }));
    expect(response.data).toMatchObject({ id: volumeId, sizeGb: 500 });
    expect(response.requestId).toMatch(/^req_/);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(queryClient.getQueryData(inferenceInfraKeys.volumes.detail(volumeId))).toEqual(response.data);
    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(state(inferenceInfraKeys.volumes.detail(volumeId))).toBe(false);
    expect(state(otherVolumeQuery)).toBe(true);
    expect(state(inferenceInfraKeys.instanceTypes.list())).toBe(false);
  });

  it('refuses 9 GB with a validation error naming size_gb, without sending a request', async () => {
    const { wrapper, fetchSpy, queryClient } = setUpHooks();
    const { result } = renderHook(() => useResizeVolume(), { wrapper });
    act(() => result.current.mutate({ id: volumeId, size_gb: 9 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    const error = result.current.error as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues[0]).toMatchObject({ field: 'size_gb', message: expect.stringMatching(/10/) });
    expect(result.current.failureCount).toBe(1);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(inferenceInfraKeys.volumes.detail(volumeId))).toBeUndefined();
  });

  it('keeps the cached volume when the server refuses a size not above the current one (409)', async () => {
    const { wrapper, queryClient } = setUpHooks({ apiKey: 'ii_live_resizeconflict' });
    const { result } = renderHook(() => useResizeVolume(), { wrapper });
    await act(() => result.current.mutateAsync({ id: volumeId, size_gb: 200 }));
    const before = queryClient.getQueryData(inferenceInfraKeys.volumes.detail(volumeId));
    act(() => result.current.mutate({ id: volumeId, size_gb: 150 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ConflictError);
    expect(queryClient.getQueryData(inferenceInfraKeys.volumes.detail(volumeId))).toEqual(before);
    expect(before).toMatchObject({ sizeGb: 200 });
  });

  it('lets per-call callbacks run after the cache write', async () => {
    const { wrapper, queryClient } = setUpHooks({ apiKey: 'ii_live_resizecallbacks' });
    const { result } = renderHook(() => useResizeVolume(), { wrapper });
    const seen = await new Promise<unknown>((resolve) => {
      act(() =>
        result.current.mutate(
          { id: volumeId, size_gb: 600 },
          { onSuccess: () => resolve(queryClient.getQueryData(inferenceInfraKeys.volumes.detail(volumeId))) },
        ),
      );
    });
    expect(seen).toMatchObject({ id: volumeId });
  });
});
