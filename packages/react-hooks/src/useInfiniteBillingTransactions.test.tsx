import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useInfiniteBillingTransactions } from './hooks.gen.js';
import { setUpHooks } from './test/renderWithClient.js';

describe('useInfiniteBillingTransactions', () => {
  it('pages to the end by offset and stops when the server says there is no more', async () => {
    // A key of its own: the simulator's fresh 317-transaction ledger for this workspace.
    const { wrapper, requestUrls } = setUpHooks({ apiKey: 'ii_live_infinitepaging' });
    const { result } = renderHook(() => useInfiniteBillingTransactions({ limit: 100 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    while (result.current.hasNextPage) {
      await act(() => result.current.fetchNextPage());
    }
    const pages = result.current.data?.pages ?? [];
    expect(pages.map((page) => page.data.length)).toEqual([100, 100, 100, 17]);
    expect(result.current.data?.pageParams).toEqual([0, 100, 200, 300]);
    const ids = pages.flatMap((page) => page.data.map((transaction) => transaction.id));
    expect(new Set(ids).size).toBe(317);
    expect(requestUrls().map((url) => new URL(url).search)).toEqual([
      '?limit=100&offset=0',
      '?limit=100&offset=100',
      '?limit=100&offset=200',
      '?limit=100&offset=300',
    ]);
  });

  it('ends after one page when the filtered list fits in it', async () => {
    const { wrapper } = setUpHooks();
    const { result } = renderHook(() => useInfiniteBillingTransactions({ type: 'refund', limit: 100 }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [page] = result.current.data?.pages ?? [];
    // About a tenth of 317 transactions are refunds.
    expect(page?.data.length).toBeGreaterThan(0);
    expect(page?.meta).toMatchObject({ hasMore: false, total: page?.data.length });
    expect(result.current.hasNextPage).toBe(false);
  });

  it('passes TanStack options through: maxPages keeps only the last pages loaded', async () => {
    const { wrapper } = setUpHooks({ apiKey: 'ii_live_infinitemaxpages' });
    const { result } = renderHook(() => useInfiniteBillingTransactions({ limit: 100 }, { maxPages: 2 }), {
      wrapper,
    });
    // Read `data` before paging: TanStack re-renders only for the result properties that were read.
    await waitFor(() => expect(result.current.data?.pageParams).toEqual([0]));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pageParams).toEqual([0, 100]));
    await act(() => result.current.fetchNextPage());
    // A third page in, the first is dropped.
    await waitFor(() => expect(result.current.data?.pageParams).toEqual([100, 200]));
    expect(result.current.data?.pages.map((page) => page.data.length)).toEqual([100, 100]);
  });

  it('passes TanStack options through: enabled false sends nothing', async () => {
    const { wrapper, fetchSpy } = setUpHooks();
    const { result } = renderHook(() => useInfiniteBillingTransactions({}, { enabled: false }), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
