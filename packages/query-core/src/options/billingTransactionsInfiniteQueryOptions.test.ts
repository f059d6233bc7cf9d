import { createClient } from '@inference-infra/fetch-client';
import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import { describe, expect, it } from 'vitest';
import { billingTransactionsInfiniteQueryOptions } from '../queryOptions.gen.js';

const transaction = {
  id: 't',
  projectId: 'p',
  amount: 1,
  description: 'd',
  createdAt: '2026-11-22T00:00:00Z',
};
const page = (count: number, meta: { hasMore?: boolean; total?: number } = {}) => ({
  data: Array.from({ length: count }, () => transaction),
  meta: { requestId: 'req_1', ...meta },
});

/** The offset the infinite options ask for after `page`, fetched at `offset` with `limit` (nothing is sent). */
function nextTransactionsOffset(page: ListBillingTransactionsResponse, offset: number, limit?: number) {
  const client = createClient({ apiKey: null, platformUrl: 'http://127.0.0.1:9' });
  const options = billingTransactionsInfiniteQueryOptions(client, limit === undefined ? {} : { limit });
  return options.getNextPageParam(page, [page], offset, [offset]);
}

describe("the infinite options' next page: the fetch client's paging rule", () => {
  it('follows hasMore when the server sends it, whatever the page length', () => {
    expect(nextTransactionsOffset(page(3, { hasMore: true, total: 3 }), 20, 10)).toBe(23);
    expect(nextTransactionsOffset(page(10, { hasMore: false }), 0, 10)).toBeUndefined();
  });

  it('falls back on total, then on a short page', () => {
    expect(nextTransactionsOffset(page(10, { total: 25 }), 10, 10)).toBe(20);
    expect(nextTransactionsOffset(page(5, { total: 25 }), 20, 10)).toBeUndefined();
    expect(nextTransactionsOffset(page(10), 0, 10)).toBe(10);
    expect(nextTransactionsOffset(page(9), 0, 10)).toBeUndefined();
    expect(nextTransactionsOffset(page(50), 0)).toBe(50);
  });

  it('stops on an empty page even when the server keeps saying hasMore', () => {
    expect(nextTransactionsOffset(page(0, { hasMore: true }), 40, 10)).toBeUndefined();
  });
});
