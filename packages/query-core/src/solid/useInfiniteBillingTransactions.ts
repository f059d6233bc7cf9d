import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import type { InfiniteData } from '@tanstack/query-core';
import { type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/solid-query';
import type { Accessor } from 'solid-js';
import { billingTransactionsInfiniteQueryOptions } from '../options/billingTransactionsInfiniteQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { BillingInfiniteKey, BillingTransactionsPagingQuery } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { ClientOption, SolidInfiniteQueryOptions } from './types.js';

/**
 * Billing transactions `limit` at a time: `fetchNextPage()` loads the next page, `hasNextPage` turns false at the
 * end of the list; `data.pages` holds every page loaded so far. A new `query()` starts again from the first page.
 */
export function useInfiniteBillingTransactions(
  query: Accessor<BillingTransactionsPagingQuery> = () => ({}),
  options: Accessor<
    SolidInfiniteQueryOptions<ListBillingTransactionsResponse, BillingInfiniteKey, number>
  > = () => ({}),
  { client }: ClientOption = {},
): UseInfiniteQueryResult<InfiniteData<ListBillingTransactionsResponse, number>, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useInfiniteQuery(() => ({
    ...billingTransactionsInfiniteQueryOptions(resolved, query()),
    ...passThrough(options()),
  }));
}
