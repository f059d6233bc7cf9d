import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import type { InfiniteData } from '@tanstack/query-core';
import { type CreateInfiniteQueryResult, createInfiniteQuery } from '@tanstack/svelte-query';
import type { Accessor } from '../accessor.js';
import { billingTransactionsInfiniteQueryOptions } from '../options/billingTransactionsInfiniteQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { BillingInfiniteKey, BillingTransactionsPagingQuery } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { ClientOption, SvelteInfiniteQueryOptions } from './types.js';

/**
 * Billing transactions `limit` at a time: `fetchNextPage()` loads the next page, `hasNextPage` turns false at the
 * end of the list; `data.pages` holds every page loaded so far. A new `query()` starts again from the first page.
 */
export function createInfiniteBillingTransactionsQuery(
  query: Accessor<BillingTransactionsPagingQuery> = () => ({}),
  options: Accessor<
    SvelteInfiniteQueryOptions<ListBillingTransactionsResponse, BillingInfiniteKey, number>
  > = () => ({}),
  { client }: ClientOption = {},
): CreateInfiniteQueryResult<
  InfiniteData<ListBillingTransactionsResponse, number>,
  InferenceInfraQueryError
> {
  const resolved = getInferenceInfraClientContext(client);
  return createInfiniteQuery(() => ({
    ...billingTransactionsInfiniteQueryOptions(resolved, query()),
    ...passThrough(options()),
  }));
}
