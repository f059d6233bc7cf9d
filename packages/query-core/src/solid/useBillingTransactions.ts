import type { ListBillingTransactionsQuery, ListBillingTransactionsResponse } from '@inference-infra/types';
import { type UseQueryResult, useQuery } from '@tanstack/solid-query';
import type { Accessor } from 'solid-js';
import { billingTransactionsQueryOptions } from '../options/billingTransactionsQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { BillingPageKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { ClientOption, SolidQueryOptions } from './types.js';

/** One page of billing transactions, `query` an accessor; `useInfiniteBillingTransactions` pages through them all. */
export function useBillingTransactions(
  query: Accessor<ListBillingTransactionsQuery> = () => ({}),
  options: Accessor<SolidQueryOptions<ListBillingTransactionsResponse, BillingPageKey>> = () => ({}),
  { client }: ClientOption = {},
): UseQueryResult<ListBillingTransactionsResponse, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useQuery(() => ({
    ...billingTransactionsQueryOptions(resolved, query()),
    ...passThrough(options()),
  }));
}
