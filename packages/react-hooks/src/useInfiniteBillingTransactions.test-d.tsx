import type { BillingTransaction, ListBillingTransactionsResponse } from '@inference-infra/types';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import {
  useBillingTransactions,
  useInfiniteBillingTransactions,
  useSuspenseInfiniteBillingTransactions,
} from './hooks.gen.js';
import type { InferenceInfraHookError } from './types.js';

describe('billing hooks follow the spec', () => {
  it('type one page and the pages of the infinite list', () => {
    expectTypeOf(useBillingTransactions({ limit: 10 }).data).toEqualTypeOf<
      ListBillingTransactionsResponse | undefined
    >();
    const infinite = useInfiniteBillingTransactions({ limit: 10, type: 'usage' });
    expectTypeOf(infinite.data).toEqualTypeOf<
      InfiniteData<ListBillingTransactionsResponse, number> | undefined
    >();
    expectTypeOf(infinite.data?.pages[0]?.data).toEqualTypeOf<BillingTransaction[] | undefined>();
    expectTypeOf(infinite.error).toEqualTypeOf<InferenceInfraHookError | null>();
  });

  it('type the suspense infinite list with its pages always there', () => {
    const suspended = useSuspenseInfiniteBillingTransactions({ limit: 10 });
    expectTypeOf(suspended.data).toEqualTypeOf<InfiniteData<ListBillingTransactionsResponse, number>>();
    // @ts-expect-error the suspense list sets the offset of each page itself too
    useSuspenseInfiniteBillingTransactions({ offset: 10 });
  });

  it('reject queries outside the spec', () => {
    // @ts-expect-error 'refunds' is not a transaction type
    useBillingTransactions({ type: 'refunds' });
    // @ts-expect-error the infinite list sets the offset of each page itself
    useInfiniteBillingTransactions({ offset: 10 });
  });

  it('let the infinite list take the options of useBillingTransactions, and maxPages', () => {
    useInfiniteBillingTransactions({ limit: 50 }, { enabled: false, staleTime: 60_000, retry: undefined });
    useInfiniteBillingTransactions(
      {},
      { maxPages: 3, refetchOnWindowFocus: false, meta: { screen: 'billing' } },
    );
    // @ts-expect-error the page parameter is the offset the builder derives from the client's paging rule
    useInfiniteBillingTransactions({}, { getNextPageParam: () => 0 });
    // @ts-expect-error the first offset is the builder's: 0
    useInfiniteBillingTransactions({}, { initialPageParam: 10 });
    // @ts-expect-error for select, spread billingTransactionsInfiniteQueryOptions into useInfiniteQuery
    useInfiniteBillingTransactions({}, { select: (data) => data.pages });
  });
});
