import { createSimulator, type Simulator, type SimulatorOptions } from '@inference-infra/mock-server';
import { watchUnhandledRejections } from '@inference-infra/test-kit/unhandledRejections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, InternalServerError } from './index.js';

const apiKey = 'ii_live_ledger';
const rejections = watchUnhandledRejections();
beforeAll(() => rejections.start());
afterAll(async () => expect(await rejections.stop()).toEqual([]));

/**
 * A client on a fresh in-process simulator whose ledger holds 237 transactions (four full pages of 50 and a short
 * one); retries off so a failure shows at once.
 */
function ledgerClient(options: SimulatorOptions = {}) {
  const simulator = createSimulator({ transactionCount: 237, ...options });
  const client = createClient({
    apiKey,
    platformUrl: 'https://platform.test',
    fetch: simulator.fetch,
    maxRetries: 0,
  });
  const ids = simulator.state.workspace(apiKey).ledger.map((entry) => entry.transaction.id);
  return { client, simulator, ids };
}

/** The offsets the simulator was asked for, in order. */
const askedOffsets = (simulator: Simulator) =>
  simulator.state.requests.map((request) =>
    Number(new URL(request.path, 'http://x').searchParams.get('offset') ?? 0),
  );

async function collectIds(iterable: AsyncIterable<{ id: string }>) {
  const seen: string[] = [];
  for await (const transaction of iterable) seen.push(transaction.id);
  return seen;
}

describe('billing.listTransactions iterated', () => {
  it.each(['hasMore-and-total', 'hasMore', 'total', 'none'] as const)(
    'yields every transaction once, in order, when the page meta carries %s',
    async (listMeta) => {
      const { client, simulator, ids } = ledgerClient({ listMeta });
      expect(ids).toHaveLength(237);
      expect(await collectIds(client.billing.listTransactions({ limit: 50 }))).toEqual(ids);
      // With nothing to go by, the short fifth page ends the list.
      expect(askedOffsets(simulator)).toEqual([0, 50, 100, 150, 200]);
    },
  );

  it('advances by what each page held when the server returns fewer than the limit', async () => {
    const { client, simulator, ids } = ledgerClient({ maxPageSize: 40 });
    expect(await collectIds(client.billing.listTransactions({ limit: 100, offset: 30 }))).toEqual(
      ids.slice(30),
    );
    expect(askedOffsets(simulator)).toEqual([30, 70, 110, 150, 190, 230]);
  });

  it('stops at an empty page even while the server keeps saying hasMore', async () => {
    const { client, simulator, ids } = ledgerClient({
      // A server that never stops saying there is more: every page claims `hasMore: true`.
      intercept: (next) => (request) => {
        const answer = next(request);
        const body = answer.json as { meta?: Record<string, unknown> } | undefined;
        if (request.operationId === 'listBillingTransactions' && body?.meta) {
          body.meta = { ...body.meta, hasMore: true };
          delete body.meta.total;
        }
        return answer;
      },
    });
    expect(await collectIds(client.billing.listTransactions({ limit: 100 }))).toEqual(ids);
    expect(askedOffsets(simulator)).toEqual([0, 100, 200, 237]);
  });

  it('gives the pages themselves through pages(), each with its request id', async () => {
    const { client, simulator } = ledgerClient();
    const pages = [];
    for await (const page of client.billing.listTransactions({ limit: 100 }).pages()) pages.push(page);
    expect(pages.map((page) => page.data.length)).toEqual([100, 100, 37]);
    const answeredIds = simulator.state.requests.map((request) => request.requestId);
    expect(new Set(answeredIds).size).toBe(3);
    expect(pages.map((page) => page.requestId)).toEqual(answeredIds);
  });

  it('ends the loop with the typed error of a page that fails, after the items before it', async () => {
    const { client, ids } = ledgerClient({
      faults: [{ operationId: 'listBillingTransactions', query: { offset: '100' }, simulate: 'status=500' }],
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const transaction of client.billing.listTransactions({ limit: 50 }))
        seen.push(transaction.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).message).toMatch(/Simulated failure/);
    expect(seen).toEqual(ids.slice(0, 100));
  });

  it('asks for no more pages once the loop is left', async () => {
    const { client, simulator, ids } = ledgerClient();
    const seen: string[] = [];
    for await (const transaction of client.billing.listTransactions({ limit: 50 })) {
      seen.push(transaction.id);
      if (seen.length === 60) break;
    }
    expect(seen).toEqual(ids.slice(0, 60));
    expect(askedOffsets(simulator)).toEqual([0, 50]);
  });
});

describe('billing.listTransactions kept aside', () => {
  it('fails where it is used, not as an unhandled rejection while it waits', async () => {
    const { client } = ledgerClient({
      faults: [{ operationId: 'listBillingTransactions', simulate: 'status=500' }],
    });
    const list = client.billing.listTransactions({ limit: 50 });
    // The first page is asked for at once and fails while the list waits here.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(collectIds(list)).rejects.toBeInstanceOf(InternalServerError);
    await expect(list).rejects.toBeInstanceOf(InternalServerError);
  });
});

describe('billing.listTransactions awaited', () => {
  it('is the first page alone, with one request', async () => {
    const { client, simulator, ids } = ledgerClient();
    const page = await client.billing.listTransactions({ limit: 20, offset: 10 });
    expect(page.data.map((transaction) => transaction.id)).toEqual(ids.slice(10, 30));
    expect(page.meta).toMatchObject({ hasMore: true, total: 237 });
    expect(simulator.state.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/v1/billing/transactions?limit=20&offset=10',
    ]);
  });
});
