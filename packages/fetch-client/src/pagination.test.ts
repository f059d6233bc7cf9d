import {
  type PagingPlatformOptions,
  type PagingPlatformServer,
  startPagingPlatformServer,
} from '@inference-infra/test-kit/pagingPlatformServer';
import { watchUnhandledRejections } from '@inference-infra/test-kit/unhandledRejections';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, InternalServerError } from './index.js';

const transactions = Array.from({ length: 237 }, (_, index) => ({
  id: `txn_${String(index).padStart(4, '0')}`,
  projectId: 'proj_ledger',
  amount: -0.25,
  description: `usage ${index}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
}));
const ids = transactions.map((transaction) => transaction.id);

const rejections = watchUnhandledRejections();
let server: PagingPlatformServer | undefined;
beforeAll(() => rejections.start());
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(async () => expect(await rejections.stop()).toEqual([]));

/** A client on a fresh ledger server that ends its list as `options` say; retries off so a failure shows at once. */
async function ledgerClient(options: Partial<PagingPlatformOptions> = {}) {
  server = await startPagingPlatformServer({
    transactions,
    instanceTypes: [],
    requestIdPrefix: 'req_',
    ...options,
  });
  return createClient({ apiKey: 'ii_live_ledger', platformUrl: server.url, maxRetries: 0 });
}

/** The offsets the server was asked for, in order. */
const askedOffsets = () =>
  (server?.requests ?? []).map((request) =>
    Number(new URL(request.split(' ')[1] ?? '', 'http://x').searchParams.get('offset') ?? 0),
  );

async function collectIds(iterable: AsyncIterable<{ id: string }>) {
  const seen: string[] = [];
  for await (const transaction of iterable) seen.push(transaction.id);
  return seen;
}

describe('billing.listTransactions iterated', () => {
  it.each(['hasMore', 'total', 'nothing'] as const)(
    'yields every transaction once, in order, when the end is told by %s',
    async (listEnd) => {
      const client = await ledgerClient({ listEnd });
      expect(await collectIds(client.billing.listTransactions({ limit: 50 }))).toEqual(ids);
      // 237 is four full pages and a short one; with nothing to go by, the short page ends the list.
      expect(askedOffsets()).toEqual([0, 50, 100, 150, 200]);
    },
  );

  it('advances by what each page held when the server returns fewer than the limit', async () => {
    const client = await ledgerClient({ maxPageSize: 40 });
    expect(await collectIds(client.billing.listTransactions({ limit: 100, offset: 30 }))).toEqual(
      ids.slice(30),
    );
    expect(askedOffsets()).toEqual([30, 70, 110, 150, 190, 230]);
  });

  it('stops at an empty page even while the server keeps saying hasMore', async () => {
    const client = await ledgerClient({ listEnd: 'hasMoreForever' });
    expect(await collectIds(client.billing.listTransactions({ limit: 100 }))).toEqual(ids);
    expect(askedOffsets()).toEqual([0, 100, 200, 237]);
  });

  it('gives the pages themselves through pages(), each with its request id', async () => {
    const client = await ledgerClient();
    const pages = [];
    for await (const page of client.billing.listTransactions({ limit: 100 }).pages()) pages.push(page);
    expect(pages.map((page) => page.data.length)).toEqual([100, 100, 37]);
    expect(pages.map((page) => page.requestId)).toEqual(['req_1', 'req_2', 'req_3']);
  });

  it('ends the loop with the typed error of a page that fails, after the items before it', async () => {
    const client = await ledgerClient({ failAtOffset: 100 });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const transaction of client.billing.listTransactions({ limit: 50 }))
        seen.push(transaction.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).message).toMatch(/Ledger unavailable/);
    expect(seen).toEqual(ids.slice(0, 100));
  });

  it('asks for no more pages once the loop is left', async () => {
    const client = await ledgerClient();
    const seen: string[] = [];
    for await (const transaction of client.billing.listTransactions({ limit: 50 })) {
      seen.push(transaction.id);
      if (seen.length === 60) break;
    }
    expect(seen).toEqual(ids.slice(0, 60));
    expect(askedOffsets()).toEqual([0, 50]);
  });
});

describe('billing.listTransactions kept aside', () => {
  it('fails where it is used, not as an unhandled rejection while it waits', async () => {
    const client = await ledgerClient({ failAtOffset: 0 });
    const list = client.billing.listTransactions({ limit: 50 });
    // The first page is asked for at once and fails while the list waits here.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(collectIds(list)).rejects.toBeInstanceOf(InternalServerError);
    await expect(list).rejects.toBeInstanceOf(InternalServerError);
  });
});

describe('billing.listTransactions awaited', () => {
  it('is the first page alone, with one request', async () => {
    const client = await ledgerClient();
    const page = await client.billing.listTransactions({ limit: 20, offset: 10 });
    expect(page.data.map((transaction) => transaction.id)).toEqual(ids.slice(10, 30));
    expect(page.meta).toMatchObject({ hasMore: true, total: 237 });
    expect(server?.requests).toEqual(['GET /api/v1/billing/transactions?limit=20&offset=10']);
  });
});
