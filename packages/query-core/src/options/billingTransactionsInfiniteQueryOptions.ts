import { type InferenceInfraClient, nextPageOffset } from '@inference-infra/fetch-client';
import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import {
  type BillingInfiniteKey,
  type BillingTransactionsPagingQuery,
  inferenceInfraKeys,
} from '../queryKeys.js';
import { shouldRetryQuery } from '../retryPolicy.js';
import type { InferenceInfraInfiniteQueryOptions } from '../types.js';

/**
 * Every page of billing transactions, `limit` at a time, for any adapter's infinite query or
 * `queryClient.prefetchInfiniteQuery`. The page parameter is the offset; it advances by what each page held.
 */
export function billingTransactionsInfiniteQueryOptions(
  client: InferenceInfraClient,
  query: BillingTransactionsPagingQuery = {},
): InferenceInfraInfiniteQueryOptions<ListBillingTransactionsResponse, BillingInfiniteKey, number> {
  return {
    queryKey: inferenceInfraKeys.billing.infinite(query),
    queryFn: async ({ pageParam, signal }) =>
      await client.billing.listTransactions({ ...query, offset: pageParam }, { signal }),
    initialPageParam: 0,
    // The client's own paging rule (`hasMore`, else `total`, else a short page; an empty page always ends the
    // list), so a component and `for await` over `listTransactions` page alike.
    getNextPageParam: (lastPage, _allPages, lastOffset) =>
      nextPageOffset(lastPage, { offset: lastOffset, limit: query.limit }),
    retry: shouldRetryQuery,
  };
}
