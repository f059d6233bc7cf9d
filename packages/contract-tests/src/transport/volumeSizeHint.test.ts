import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange.js';
import type { Target } from './target.js';
import { createVolumeSizeWatch } from './volumeSizeHint.js';

const target: Target = {
  kind: 'live',
  baseUrl: 'http://127.0.0.1:9/v1',
  platformUrl: 'http://127.0.0.1:9',
  apiKey: 'ii_live_k',
  allowMutations: true,
  volumeId: 'vol_ci',
  volumeSizeGb: 100,
  models: {},
  requestTimeoutMs: 1000,
};

const resize = (size: number, status: number, body: unknown, id = 'vol_ci'): Exchange => ({
  operationId: 'resizeVolume',
  startedAt: '2026-01-01T00:00:00.000Z',
  method: 'PATCH',
  url: `http://127.0.0.1:9/api/v1/storage/${id}`,
  requestHeaders: {},
  requestBody: JSON.stringify({ size_gb: size }),
  status,
  statusText: '',
  responseHeaders: [],
  responseBody: JSON.stringify(body),
  responseBodySize: 0,
  durationMs: 1,
});

describe('createVolumeSizeWatch', () => {
  it('reads the current size from a field of the 409 error when there is one', () => {
    const watch = createVolumeSizeWatch(target);
    expect(watch(resize(101, 409, { error: { message: 'not larger', current_size_gb: 140 } }))).toBe(
      '--volume-size 100 is stale: the server says vol_ci is 140 GB; pass --volume-size 140.',
    );
  });

  it('still says the flag is stale when the 409 names no size', () => {
    expect(createVolumeSizeWatch(target)(resize(101, 409, { error: { message: 'too small' } }))).toMatch(
      /^--volume-size 100 is stale: growing vol_ci to 101 GB was refused as not larger/,
    );
  });

  it('names the size a 200 answered when it is not the one asked for', () => {
    expect(createVolumeSizeWatch(target)(resize(101, 200, { data: { sizeGb: 150 } }))).toBe(
      '--volume-size 100 may be stale: growing vol_ci to 101 GB answered the volume at 150 GB.',
    );
  });

  it('judges only the first growth of the named volume, and stays quiet when it held', () => {
    const watch = createVolumeSizeWatch(target);
    expect(watch(resize(101, 409, { error: { current_size_gb: 5 } }, 'vol_other'))).toBeUndefined();
    expect(watch(resize(10, 409, { error: { current_size_gb: 5 } }))).toBeUndefined();
    expect(watch(resize(101, 200, { data: { sizeGb: 101 } }))).toBeUndefined();
    expect(watch(resize(101, 409, { error: { current_size_gb: 140 } }))).toBeUndefined();
  });

  it('says nothing without --volume-size', () => {
    const { volumeSizeGb: _, ...withoutSize } = target;
    expect(
      createVolumeSizeWatch(withoutSize)(resize(101, 409, { error: { current_size_gb: 140 } })),
    ).toBeUndefined();
  });
});
