import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the ledger server says where a list ends: `hasMore` (with `total`), `total` alone, or neither (a short page
 * ends it). `lying` keeps saying `hasMore: true` past the end, to prove an empty page stops a reader anyway.
 */
export type LedgerMeta = 'hasMore' | 'total' | 'none' | 'lying';

export interface LedgerRequest {
  limit: number;
  offset: number;
}

/**
 * A loopback server for `GET /api/v1/billing/transactions` over a ledger of `size` transactions. Each request
 * picks its behaviour by header: `x-ledger-meta`, `x-page-cap` (the most the server returns a page, whatever the
 * limit, as real servers do) and `x-fail-at-offset` (answers 500 there).
 */
export async function startLedgerServer(size: number) {
  const ledger = Array.from({ length: size }, (_, index) => ({
    id: `txn_${String(index).padStart(4, '0')}`,
    projectId: 'proj_ledger',
    amount: -0.25,
    description: `usage ${index}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
  }));
  const requests: LedgerRequest[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    requests.push({ limit, offset });
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_ledger_${offset}` });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/api/v1/billing/transactions')
      return reply(404, { error: { message: 'no route' } });
    if (Number(req.headers['x-fail-at-offset']) === offset) {
      return reply(500, { error: { message: 'ledger offline', type: 'server_error' } });
    }
    const meta = (req.headers['x-ledger-meta'] as LedgerMeta | undefined) ?? 'hasMore';
    const cap = Number(req.headers['x-page-cap'] ?? Number.POSITIVE_INFINITY);
    const data = ledger.slice(offset, offset + Math.min(limit, cap));
    const hasMore = offset + data.length < ledger.length;
    reply(200, {
      data,
      meta: {
        requestId: `req_ledger_${offset}`,
        ...(meta === 'hasMore' && { hasMore, total: ledger.length }),
        ...(meta === 'total' && { total: ledger.length }),
        ...(meta === 'lying' && { hasMore: true }),
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ids: ledger.map((transaction) => transaction.id),
    /** Every request since the last `reset()`, in order. */
    requests,
    reset: () => {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
