import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import { type CreateInfiniteQueryResult, injectInfiniteQuery } from '@tanstack/angular-query-experimental';
import type { InfiniteData } from '@tanstack/query-core';
import type { Accessor } from '../accessor.js';
import { billingTransactionsInfiniteQueryOptions } from '../options/billingTransactionsInfiniteQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { BillingInfiniteKey, BillingTransactionsPagingQuery } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularInfiniteQueryOptions, ClientOption } from './types.js';

/**
 * Billing transactions `limit` at a time: `fetchNextPage()` loads the next page, `hasNextPage` turns false at the
 * end of the list; `data.pages` holds every page loaded so far. A new `query()` starts again from the first page.
 */
export function injectInfiniteBillingTransactionsQuery(
  query: Accessor<BillingTransactionsPagingQuery> = () => ({}),
  options: Accessor<
    AngularInfiniteQueryOptions<ListBillingTransactionsResponse, BillingInfiniteKey, number>
  > = () => ({}),
  { client }: ClientOption = {},
): CreateInfiniteQueryResult<
  InfiniteData<ListBillingTransactionsResponse, number>,
  InferenceInfraQueryError
> {
  const resolved = injectInferenceInfraClient(client);
  return injectInfiniteQuery(() => ({
    ...billingTransactionsInfiniteQueryOptions(resolved, query()),
    ...passThrough(options()),
  }));
}
