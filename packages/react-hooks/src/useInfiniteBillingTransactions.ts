import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import { billingTransactionsInfiniteQueryOptions } from './options/billingTransactionsInfiniteQueryOptions.js';
import type { BillingTransactionsPagingQuery, inferenceInfraKeys } from './queryKeys.js';
import type { InferenceInfraHookError, InfiniteQueryHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/**
 * Billing transactions `limit` at a time: `fetchNextPage()` loads the next page, `hasNextPage` turns false at the
 * end of the list; `data.pages` holds every page loaded so far.
 */
export function useInfiniteBillingTransactions(
  query: BillingTransactionsPagingQuery = {},
  {
    client,
    ...options
  }: InfiniteQueryHookOptions<
    ListBillingTransactionsResponse,
    ReturnType<typeof inferenceInfraKeys.billing.infinite>,
    number
  > = {},
): UseInfiniteQueryResult<InfiniteData<ListBillingTransactionsResponse, number>, InferenceInfraHookError> {
  return useInfiniteQuery({
    ...billingTransactionsInfiniteQueryOptions(useInferenceInfraClient(client), query),
    ...passThrough(options),
  });
}
