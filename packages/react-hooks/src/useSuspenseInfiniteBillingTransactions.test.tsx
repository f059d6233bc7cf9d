import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { useSuspenseInfiniteBillingTransactions } from './hooks.gen.js';
import { setUpHooks } from './test/renderWithClient.js';

let loadMore: (() => Promise<unknown>) | undefined;

function Ledger() {
  const { data, fetchNextPage, hasNextPage } = useSuspenseInfiniteBillingTransactions({ limit: 100 });
  loadMore = hasNextPage ? fetchNextPage : undefined;
  const count = data.pages.reduce((sum, page) => sum + page.data.length, 0);
  return <p>transactions: {count}</p>;
}

describe('useSuspenseInfiniteBillingTransactions', () => {
  it('suspends for the first page, then pages on by offset to the end with data always present', async () => {
    const { wrapper: Wrapper, requestUrls } = setUpHooks({ apiKey: 'ii_live_suspenseinfinite' });
    render(
      <Wrapper>
        <Suspense fallback={<p>loading</p>}>
          <Ledger />
        </Suspense>
      </Wrapper>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect((await screen.findByText(/^transactions:/)).textContent).toBe('transactions: 100');
    while (loadMore) await act(() => (loadMore as () => Promise<unknown>)());
    expect(screen.getByText(/^transactions:/).textContent).toBe('transactions: 317');
    expect(requestUrls().map((url) => new URL(url).search)).toEqual([
      '?limit=100&offset=0',
      '?limit=100&offset=100',
      '?limit=100&offset=200',
      '?limit=100&offset=300',
    ]);
  });
});
