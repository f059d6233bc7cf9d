import type { ListBillingTransactionsQuery, ListBillingTransactionsResponse } from '@inference-infra/types';
import { type UseQueryReturnType, useQuery } from '@tanstack/vue-query';
import { type MaybeRefOrGetter, toValue } from 'vue';
import { billingTransactionsQueryOptions } from '../options/billingTransactionsQueryOptions.js';
import type { BillingPageKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import { reactiveOptions } from './reactiveOptions.js';
import type { VueQueryOptions } from './types.js';

/** One page of billing transactions; `query` may be a ref or a getter. `useInfiniteBillingTransactions` pages on. */
export function useBillingTransactions(
  query: MaybeRefOrGetter<ListBillingTransactionsQuery> = {},
  { client, ...options }: VueQueryOptions<ListBillingTransactionsResponse, BillingPageKey> = {},
): UseQueryReturnType<ListBillingTransactionsResponse, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useQuery(() => ({
    ...billingTransactionsQueryOptions(resolved, { ...toValue(query) }),
    ...reactiveOptions(options),
  }));
}
