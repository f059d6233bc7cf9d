import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { ListBillingTransactionsQuery, ListBillingTransactionsResponse } from '@inference-infra/types';
import { type BillingPageKey, inferenceInfraKeys } from '../queryKeys.js';
import { shouldRetryQuery } from '../retryPolicy.js';
import type { InferenceInfraQueryOptions } from '../types.js';

/** One page of billing transactions (`limit`, `offset`, `type`), as the server answers it. */
export function billingTransactionsQueryOptions(
  client: InferenceInfraClient,
  query: ListBillingTransactionsQuery = {},
): InferenceInfraQueryOptions<ListBillingTransactionsResponse, BillingPageKey> {
  return {
    queryKey: inferenceInfraKeys.billing.page(query),
    // Awaiting the PagePromise takes its first page only; paging is the infinite query's job.
    queryFn: async ({ signal }) => await client.billing.listTransactions(query, { signal }),
    retry: shouldRetryQuery,
  };
}
