import type { ListBillingTransactionsQuery, ListBillingTransactionsResponse } from '@inference-infra/types';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import { billingTransactionsQueryOptions } from './options/billingTransactionsQueryOptions.js';
import type { inferenceInfraKeys } from './queryKeys.js';
import type { InferenceInfraHookError, QueryHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/** One page of billing transactions; `useInfiniteBillingTransactions` pages through all of them. */
export function useBillingTransactions(
  query: ListBillingTransactionsQuery = {},
  {
    client,
    ...options
  }: QueryHookOptions<
    ListBillingTransactionsResponse,
    ReturnType<typeof inferenceInfraKeys.billing.page>
  > = {},
): UseQueryResult<ListBillingTransactionsResponse, InferenceInfraHookError> {
  return useQuery({
    ...billingTransactionsQueryOptions(useInferenceInfraClient(client), query),
    ...passThrough(options),
  });
}
