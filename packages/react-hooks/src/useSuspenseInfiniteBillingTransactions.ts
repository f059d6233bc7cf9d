import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import {
  type InfiniteData,
  type UseSuspenseInfiniteQueryResult,
  useSuspenseInfiniteQuery,
} from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import { billingTransactionsInfiniteQueryOptions } from './options/billingTransactionsInfiniteQueryOptions.js';
import type { BillingTransactionsPagingQuery, inferenceInfraKeys } from './queryKeys.js';
import type { InferenceInfraHookError, SuspenseInfiniteQueryHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/**
 * `useInfiniteBillingTransactions` for a `<Suspense>` boundary (and server rendering that streams it): the first page
 * is always in `data.pages`; a failure goes to the error boundary.
 */
export function useSuspenseInfiniteBillingTransactions(
  query: BillingTransactionsPagingQuery = {},
  {
    client,
    ...options
  }: SuspenseInfiniteQueryHookOptions<
    ListBillingTransactionsResponse,
    ReturnType<typeof inferenceInfraKeys.billing.infinite>,
    number
  > = {},
): UseSuspenseInfiniteQueryResult<
  InfiniteData<ListBillingTransactionsResponse, number>,
  InferenceInfraHookError
> {
  return useSuspenseInfiniteQuery({
    ...billingTransactionsInfiniteQueryOptions(useInferenceInfraClient(client), query),
    ...passThrough(options),
  });
}
