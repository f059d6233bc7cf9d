import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { billingTransactionsInfiniteQueryOptions } from './options/billingTransactionsInfiniteQueryOptions.js';
import type { BillingTransactionsPagingQuery } from './queryKeys.js';
import type { ClientOption, InferenceInfraHookError } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/**
 * Billing transactions `limit` at a time: `fetchNextPage()` loads the next page, `hasNextPage` turns false at the
 * end of the list; `data.pages` holds every page loaded so far.
 */
export function useInfiniteBillingTransactions(
  query: BillingTransactionsPagingQuery = {},
  { client }: ClientOption = {},
): UseInfiniteQueryResult<InfiniteData<ListBillingTransactionsResponse, number>, InferenceInfraHookError> {
  return useInfiniteQuery(billingTransactionsInfiniteQueryOptions(useInferenceInfraClient(client), query));
}
