import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, InternalServerError } from './index.js';
import { type LedgerMeta, startLedgerServer } from './test/ledgerServer.js';

const ledgerSize = 237;
let server: Awaited<ReturnType<typeof startLedgerServer>>;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  server = await startLedgerServer(ledgerSize);
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => server.reset());
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.off('unhandledRejection', onUnhandled);
  await server.close();
  expect(unhandled).toEqual([]);
});

function ledgerClient(headers: Record<string, string> = {}) {
  return createClient({ apiKey: 'ii_live_ledger', platformUrl: server.url, headers, maxRetries: 0 });
}

async function allIds(iterable: AsyncIterable<{ id: string }>) {
  const ids: string[] = [];
  for await (const transaction of iterable) ids.push(transaction.id);
  return ids;
}

describe('billing.listTransactions iterated', () => {
  it.each<LedgerMeta>(['hasMore', 'total', 'none'])(
    'yields every transaction once, in order, when the end is told by %s',
    async (meta) => {
      const ids = await allIds(
        ledgerClient({ 'x-ledger-meta': meta }).billing.listTransactions({ limit: 50 }),
      );
      expect(ids).toEqual(server.ids);
      // 237 = 4 full pages and a short one; only `none` needs the short page to know the list ended.
      expect(server.requests.map((request) => request.offset)).toEqual([0, 50, 100, 150, 200]);
    },
  );

  it('advances by what each page held when the server returns fewer than the limit', async () => {
    const ids = await allIds(
      ledgerClient({ 'x-page-cap': '40' }).billing.listTransactions({ limit: 100, offset: 30 }),
    );
    expect(ids).toEqual(server.ids.slice(30));
    expect(server.requests.map((request) => request.offset)).toEqual([30, 70, 110, 150, 190, 230]);
    expect(new Set(server.requests.map((request) => request.limit))).toEqual(new Set([100]));
  });

  it('stops at an empty page even while the server keeps saying hasMore', async () => {
    const ids = await allIds(
      ledgerClient({ 'x-ledger-meta': 'lying' }).billing.listTransactions({ limit: 100 }),
    );
    expect(ids).toEqual(server.ids);
    expect(server.requests.map((request) => request.offset)).toEqual([0, 100, 200, 237]);
  });

  it('gives the pages themselves through pages(), each with its request id', async () => {
    const pages = [];
    for await (const page of ledgerClient().billing.listTransactions({ limit: 100 }).pages())
      pages.push(page);
    expect(pages.map((page) => page.data.length)).toEqual([100, 100, 37]);
    expect(pages.map((page) => page.requestId)).toEqual(['req_ledger_0', 'req_ledger_100', 'req_ledger_200']);
  });

  it('ends the loop with the typed error of a page that fails, after the items before it', async () => {
    const seen: string[] = [];
    const error = await (async () => {
      for await (const transaction of ledgerClient({ 'x-fail-at-offset': '100' }).billing.listTransactions({
        limit: 50,
      }))
        seen.push(transaction.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).message).toMatch(/ledger offline/);
    expect(seen).toEqual(server.ids.slice(0, 100));
  });

  it('stops asking for pages when the loop is left early', async () => {
    const ids: string[] = [];
    for await (const transaction of ledgerClient().billing.listTransactions({ limit: 50 })) {
      ids.push(transaction.id);
      if (ids.length === 60) break;
    }
    expect(ids).toEqual(server.ids.slice(0, 60));
    expect(server.requests.map((request) => request.offset)).toEqual([0, 50]);
  });
});

describe('billing.listTransactions awaited', () => {
  it('is the first page alone, with one request', async () => {
    const page = await ledgerClient().billing.listTransactions({ limit: 20, offset: 10 });
    expect(page.data.map((transaction) => transaction.id)).toEqual(server.ids.slice(10, 30));
    expect(page.meta).toMatchObject({ hasMore: true, total: ledgerSize });
    expect(server.requests).toEqual([{ limit: 20, offset: 10 }]);
  });
});
