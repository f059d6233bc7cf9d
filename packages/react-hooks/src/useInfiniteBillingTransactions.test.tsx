import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, inject, it } from 'vitest';
import { transactionCount } from './test/platformServer.js';
import { setUpHooks } from './test/renderWithClient.js';
import { useInfiniteBillingTransactions } from './useInfiniteBillingTransactions.js';

describe('useInfiniteBillingTransactions', () => {
  it('pages to the end by offset and stops when the server says there is no more', async () => {
    const { wrapper, requestUrls } = setUpHooks({ platformUrl: inject('pagingPlatformUrl') });
    const { result } = renderHook(() => useInfiniteBillingTransactions({ limit: 10 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    while (result.current.hasNextPage) {
      await act(() => result.current.fetchNextPage());
    }
    const pages = result.current.data?.pages ?? [];
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 3]);
    expect(result.current.data?.pageParams).toEqual([0, 10, 20]);
    const ids = pages.flatMap((page) => page.data.map((transaction) => transaction.id));
    expect(new Set(ids).size).toBe(transactionCount);
    expect(requestUrls().map((url) => new URL(url).search)).toEqual([
      '?limit=10&offset=0',
      '?limit=10&offset=10',
      '?limit=10&offset=20',
    ]);
  });

  it('ends after one page on the mock, whose example says hasMore: false', async () => {
    const { wrapper } = setUpHooks();
    const { result } = renderHook(() => useInfiniteBillingTransactions({ type: 'usage' }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages).toHaveLength(1);
    expect(result.current.hasNextPage).toBe(false);
  });
});
