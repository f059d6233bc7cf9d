import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { simulate, testKey } from '../test/inProcess.js';

const resize = (s: ReturnType<typeof simulate>, id: string, body: unknown, key?: string) =>
  s.call(`/api/v1/storage/${id}`, { method: 'PATCH', body: JSON.stringify(body), ...(key ? { key } : {}) });

describe('volume resize', () => {
  it('grows a volume, remembers it and moves updatedAt', async () => {
    const s = simulate();
    const before = { ...s.simulator.state.workspace(testKey).volumes.get('vol_training') };
    const first = await resize(s, 'vol_training', { size_gb: 150 });
    expect(first.status).toBe(200);
    expect(schemaErrors('ResizeVolumeResponse', first.body)).toEqual([]);
    expect(first.body.data).toMatchObject({ id: 'vol_training', sizeGb: 150 });
    expect(Date.parse(first.body.data.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt ?? ''));
    const second = await resize(s, 'vol_training', { size_gb: 151 });
    expect(second.body.data.sizeGb).toBe(151);
    expect(Date.parse(second.body.data.updatedAt)).toBeGreaterThan(Date.parse(first.body.data.updatedAt));
    expect(s.simulator.state.workspace(testKey).volumes.get('vol_training')?.sizeGb).toBe(151);
  });

  it.each([
    [{ size_gb: 9 }, 400, 'size_gb', /must be at least 10/],
    [{ size_gb: 10_001 }, 400, 'size_gb', /must be at most 10000/],
    [{ size_gb: '200' }, 400, 'size_gb', /must be an integer/],
    [{ size_gb: 200.5 }, 400, 'size_gb', /must be an integer/],
    [{ size_gb: 200, sizeGb: 200 }, 400, 'sizeGb', /not a known field/],
    [{ size_gb: 100 }, 409, 'size_gb', /greater than the current size of 100 GB/],
    [{ size_gb: 50 }, 409, 'size_gb', /greater than the current size of 100 GB/],
  ])('refuses %j with %i naming %s, and changes nothing', async (body, status, field, rule) => {
    const s = simulate();
    const before = structuredClone(s.simulator.state.workspace(testKey).volumes.get('vol_training'));
    const answer = await resize(s, 'vol_training', body);
    expect(answer.status).toBe(status);
    expect(schemaErrors('ErrorResponse', answer.body)).toEqual([]);
    expect(answer.body.error).toMatchObject({
      param: field,
      type: status === 409 ? 'conflict_error' : 'invalid_request_error',
    });
    expect(answer.body.error.message).toMatch(rule);
    expect(s.simulator.state.workspace(testKey).volumes.get('vol_training')).toEqual(before);
  });

  it('accepts the inclusive upper bound once, then refuses anything on that volume with 409', async () => {
    const s = simulate();
    expect((await resize(s, 'vol_scratch', { size_gb: 10_000 })).status).toBe(200);
    expect((await resize(s, 'vol_scratch', { size_gb: 10_000 })).status).toBe(409);
  });

  it('answers 404 for an id the workspace does not hold, naming the id', async () => {
    const s = simulate();
    const answer = await resize(s, 'vol_missing', { size_gb: 200 });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({
      type: 'not_found_error',
      code: 'volume_not_found',
      param: 'id',
    });
  });

  it('keeps volumes per API key: one workspace resizing never changes another', async () => {
    const s = simulate();
    await resize(s, 'vol_training', { size_gb: 300 }, 'ii_live_first');
    const other = await resize(s, 'vol_training', { size_gb: 200 }, 'ii_live_second');
    expect(other.status).toBe(200);
    expect(s.simulator.state.workspace('ii_live_first').volumes.get('vol_training')?.sizeGb).toBe(300);
  });

  it('hides volumes of other workspaces behind 404, so ids do not leak', async () => {
    const s = simulate();
    const { volumes } = s.simulator.state.workspace('ii_live_owner');
    const template = volumes.get('vol_training');
    if (!template) throw new Error('the default volumes have no vol_training');
    volumes.set('vol_private', { ...template, id: 'vol_private' });
    expect((await resize(s, 'vol_private', { size_gb: 500 }, 'ii_live_owner')).status).toBe(200);
    expect((await resize(s, 'vol_private', { size_gb: 600 }, 'ii_live_stranger')).status).toBe(404);
  });

  it('comes back to the seeded start on reset, through the API or the method', async () => {
    const s = simulate();
    await resize(s, 'vol_training', { size_gb: 300 });
    expect((await s.call('/__simulator/reset', { method: 'POST' })).status).toBe(204);
    expect(s.simulator.state.workspace(testKey).volumes.get('vol_training')?.sizeGb).toBe(100);
    await resize(s, 'vol_training', { size_gb: 300 });
    s.simulator.reset();
    expect((await resize(s, 'vol_training', { size_gb: 101 })).status).toBe(200);
  });
});
