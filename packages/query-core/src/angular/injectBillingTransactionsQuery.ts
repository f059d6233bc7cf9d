import type { ListBillingTransactionsQuery, ListBillingTransactionsResponse } from '@inference-infra/types';
import { type CreateQueryResult, injectQuery } from '@tanstack/angular-query-experimental';
import type { Accessor } from '../accessor.js';
import { billingTransactionsQueryOptions } from '../options/billingTransactionsQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { BillingPageKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularQueryOptions, ClientOption } from './types.js';

/** One page of billing transactions, `query` an accessor; `injectInfiniteBillingTransactionsQuery` pages through them all. */
export function injectBillingTransactionsQuery(
  query: Accessor<ListBillingTransactionsQuery> = () => ({}),
  options: Accessor<AngularQueryOptions<ListBillingTransactionsResponse, BillingPageKey>> = () => ({}),
  { client }: ClientOption = {},
): CreateQueryResult<ListBillingTransactionsResponse, InferenceInfraQueryError> {
  const resolved = injectInferenceInfraClient(client);
  return injectQuery(() => ({
    ...billingTransactionsQueryOptions(resolved, query()),
    ...passThrough(options()),
  }));
}
