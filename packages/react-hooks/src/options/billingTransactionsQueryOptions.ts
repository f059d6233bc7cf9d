import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { billingTransactionsQueryOptions as coreOptions } from '@inference-infra/query-core';
import type { ListBillingTransactionsQuery, ListBillingTransactionsResponse } from '@inference-infra/types';
import { queryOptions } from '@tanstack/react-query';
import type { inferenceInfraKeys } from '../queryKeys.js';
import type { InferenceInfraHookError } from '../types.js';

/** One page of billing transactions (`limit`, `offset`, `type`), as the server answers it. */
export function billingTransactionsQueryOptions(
  client: InferenceInfraClient,
  query: ListBillingTransactionsQuery = {},
) {
  return queryOptions<
    ListBillingTransactionsResponse,
    InferenceInfraHookError,
    ListBillingTransactionsResponse,
    ReturnType<typeof inferenceInfraKeys.billing.page>
  >(coreOptions(client, query));
}
