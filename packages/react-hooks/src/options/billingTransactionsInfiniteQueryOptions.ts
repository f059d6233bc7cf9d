import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query';
import { type BillingTransactionsPagingQuery, inferenceInfraKeys } from '../queryKeys.js';
import { shouldRetryQuery } from '../retryPolicy.js';
import type { InferenceInfraHookError } from '../types.js';

/** The spec's default `limit`: a page this long may be followed by another when the server says nothing. */
const serverDefaultLimit = 50;

/**
 * The offset of the page after `page`, or undefined at the end of the list. The same rule as the client's own
 * paging: `hasMore` decides when the server sends it, else `total`, else only a short page ends the list. An empty
 * page always ends it, so a server that keeps saying `hasMore` cannot make "load more" spin forever.
 */
export function nextTransactionsOffset(
  page: ListBillingTransactionsResponse,
  offset: number,
  limit: number = serverDefaultLimit,
): number | undefined {
  if (page.data.length === 0) return undefined;
  const next = offset + page.data.length;
  if (page.meta.hasMore !== undefined) return page.meta.hasMore ? next : undefined;
  if (page.meta.total !== undefined) return next < page.meta.total ? next : undefined;
  return page.data.length >= limit ? next : undefined;
}

/**
 * Every page of billing transactions, `limit` at a time, for `useInfiniteQuery` or
 * `queryClient.prefetchInfiniteQuery`. The page parameter is the offset; it advances by what each page held.
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
  >({
    queryKey: inferenceInfraKeys.billing.infinite(query),
    queryFn: async ({ pageParam, signal }) =>
      await client.billing.listTransactions({ ...query, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _allPages, lastOffset) =>
      nextTransactionsOffset(lastPage, lastOffset, query.limit),
    retry: shouldRetryQuery,
  });
}
