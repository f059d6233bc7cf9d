import type { ListBillingTransactionsQuery, ListBillingTransactionsResponse } from '@inference-infra/types';
import { type CreateQueryResult, createQuery } from '@tanstack/svelte-query';
import type { Accessor } from '../accessor.js';
import { billingTransactionsQueryOptions } from '../options/billingTransactionsQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { BillingPageKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { ClientOption, SvelteQueryOptions } from './types.js';

/** One page of billing transactions, `query` an accessor; `createInfiniteBillingTransactionsQuery` pages through them all. */
export function createBillingTransactionsQuery(
  query: Accessor<ListBillingTransactionsQuery> = () => ({}),
  options: Accessor<SvelteQueryOptions<ListBillingTransactionsResponse, BillingPageKey>> = () => ({}),
  { client }: ClientOption = {},
): CreateQueryResult<ListBillingTransactionsResponse, InferenceInfraQueryError> {
  const resolved = getInferenceInfraClientContext(client);
  return createQuery(() => ({
    ...billingTransactionsQueryOptions(resolved, query()),
    ...passThrough(options()),
  }));
}
