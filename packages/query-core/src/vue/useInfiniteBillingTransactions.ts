import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import type { InfiniteData } from '@tanstack/query-core';
import { type UseInfiniteQueryReturnType, useInfiniteQuery } from '@tanstack/vue-query';
import { type MaybeRefOrGetter, toValue } from 'vue';
import { billingTransactionsInfiniteQueryOptions } from '../options/billingTransactionsInfiniteQueryOptions.js';
import type { BillingInfiniteKey, BillingTransactionsPagingQuery } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import { reactiveOptions } from './reactiveOptions.js';
import type { VueInfiniteQueryOptions } from './types.js';

/**
 * Billing transactions `limit` at a time: `fetchNextPage()` loads the next page, `hasNextPage` turns false at the
 * end of the list; `data.value.pages` holds every page loaded so far. A new `query` starts again from the first page.
 */
export function useInfiniteBillingTransactions(
  query: MaybeRefOrGetter<BillingTransactionsPagingQuery> = {},
  {
    client,
    ...options
  }: VueInfiniteQueryOptions<ListBillingTransactionsResponse, BillingInfiniteKey, number> = {},
): UseInfiniteQueryReturnType<
  InfiniteData<ListBillingTransactionsResponse, number>,
  InferenceInfraQueryError
> {
  const resolved = useInferenceInfraClient(client);
  return useInfiniteQuery(() => ({
    ...billingTransactionsInfiniteQueryOptions(resolved, { ...toValue(query) }),
    ...reactiveOptions(options),
  }));
}
