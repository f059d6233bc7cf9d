import { describe, expect, it } from 'vitest';
import { nextTransactionsOffset } from './billingTransactionsInfiniteQueryOptions.js';

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

describe('nextTransactionsOffset', () => {
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
