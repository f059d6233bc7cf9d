import { afterEach, describe, expect, it } from 'vitest';
import { type PagingPlatformServer, startPagingPlatformServer } from './pagingPlatformServer.js';

const transactions = Array.from({ length: 7 }, (_, index) => ({ id: `txn_${index + 1}` }));
const instanceTypes = [
  { id: 'h100_us', gpu_type: 'H100', gpu_count: 8, region: 'us-east-1', hourly_rate: 23.92 },
  { id: 'a10g_us', gpu_type: 'A10G', gpu_count: 1, region: 'us-east-1', hourly_rate: 0.75 },
  { id: 'h100_eu', gpu_type: 'H100', gpu_count: 1, region: 'eu-west-1', hourly_rate: 3.1 },
];
const auth = { authorization: 'Bearer ii_live_x' };

describe('startPagingPlatformServer', () => {
  let server: PagingPlatformServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('pages transactions by limit and offset, to the end of the list', async () => {
    server = await startPagingPlatformServer({ transactions, instanceTypes, requestIdPrefix: 'req_t_' });
    const response = await fetch(`${server.url}/api/v1/billing/transactions?limit=5&offset=5`);
    expect(response.headers.get('x-request-id')).toBe('req_t_1');
    expect(await response.json()).toEqual({
      data: [{ id: 'txn_6' }, { id: 'txn_7' }],
      meta: { hasMore: false, total: 7, requestId: 'req_t_1' },
    });
  });

  it.each([
    ['total', { total: 7 }],
    ['nothing', {}],
    ['hasMoreForever', { hasMore: true }],
  ] as const)('tells the end of the list by %s when told to', async (listEnd, meta) => {
    server = await startPagingPlatformServer({ transactions, instanceTypes, requestIdPrefix: 'r', listEnd });
    const page = await (await fetch(`${server.url}/api/v1/billing/transactions?limit=5&offset=5`)).json();
    expect(page.meta).toEqual({ ...meta, requestId: 'r1' });
  });

  it('caps a page at maxPageSize and fails the page at failAtOffset', async () => {
    server = await startPagingPlatformServer({
      transactions,
      instanceTypes,
      requestIdPrefix: 'r',
      maxPageSize: 2,
      failAtOffset: 4,
    });
    const first = await (await fetch(`${server.url}/api/v1/billing/transactions?limit=5`)).json();
    expect(first.data).toEqual([{ id: 'txn_1' }, { id: 'txn_2' }]);
    expect(first.meta.hasMore).toBe(true);
    const failed = await fetch(`${server.url}/api/v1/billing/transactions?limit=5&offset=4`);
    expect(failed.status).toBe(500);
    expect((await failed.json()).error.type).toBe('server_error');
  });

  it('filters instance types and answers them cheapest first', async () => {
    server = await startPagingPlatformServer({ transactions, instanceTypes, requestIdPrefix: 'req_t_' });
    const ids = async (query: string) => {
      const body = await (await fetch(`${server?.url}/api/v1/instances/types${query}`)).json();
      return body.data.map((type: { id: string }) => type.id);
    };
    expect(await ids('')).toEqual(['a10g_us', 'h100_eu', 'h100_us']);
    expect(await ids('?gpu_type=H100&gpu_count=8')).toEqual(['h100_us']);
  });

  it('wants a bearer key when told to, answers preflights regardless, and 404s an unknown path', async () => {
    server = await startPagingPlatformServer({
      transactions,
      instanceTypes,
      requestIdPrefix: 'req_t_',
      requireBearerKey: true,
    });
    const preflight = await fetch(`${server.url}/api/v1/instances/types`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${server.url}/api/v1/instances/types`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/v1/storage`, { headers: auth })).status).toBe(404);
    expect(server.requests).toEqual([
      'OPTIONS /api/v1/instances/types',
      'GET /api/v1/instances/types',
      'GET /api/v1/storage',
    ]);
  });

  it('passes any other path on to the upstream, body and key included', async () => {
    const upstream = await startPagingPlatformServer({
      transactions,
      instanceTypes,
      requestIdPrefix: 'req_up_',
      requireBearerKey: true,
    });
    try {
      server = await startPagingPlatformServer({
        transactions,
        instanceTypes,
        requestIdPrefix: 'req_t_',
        upstreamUrl: upstream.url,
      });
      const response = await fetch(`${server.url}/api/v1/storage/vol_1?x=1`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"size_gb":500}',
      });
      // 404, not 401: the key went along to the upstream, which has no such route.
      expect(response.status).toBe(404);
      expect(response.headers.get('x-request-id')).toBe('req_up_1');
      expect(upstream.requests).toEqual(['PATCH /api/v1/storage/vol_1?x=1']);
    } finally {
      await upstream.close();
    }
  });
});
