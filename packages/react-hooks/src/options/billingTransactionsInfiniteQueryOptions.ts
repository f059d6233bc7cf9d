import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { billingTransactionsInfiniteQueryOptions as coreOptions } from '@inference-infra/query-core';
import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query';
import type { BillingTransactionsPagingQuery, inferenceInfraKeys } from '../queryKeys.js';
import type { InferenceInfraHookError } from '../types.js';

/**
 * Every page of billing transactions, `limit` at a time, for `useInfiniteQuery` or
 * `queryClient.prefetchInfiniteQuery`. The page parameter is the offset; it advances by what each page held, by the
 * client's paging rule.
 */
export function billingTransactionsInfiniteQueryOptions(
  client: InferenceInfraClient,
  query: BillingTransactionsPagingQuery = {},
) {
  return infiniteQueryOptions<
    ListBillingTransactionsResponse,
    InferenceInfraHookError,
    InfiniteData<ListBillingTransactionsResponse, number>,
    ReturnType<typeof inferenceInfraKeys.billing.infinite>,
    number
  >(coreOptions(client, query));
}
