import type { ListBillingTransactionsQuery, ListBillingTransactionsResponse } from '@inference-infra/types';
import type { CallOptions, CoreClient } from '../internal/createCoreClient.js';
import type { WithRequestId } from '../internal/withRequestId.js';
import { type PagePromise, pagePromise } from '../pagination.js';

export function billingResource(core: CoreClient) {
  return {
    /**
     * One page of transactions when awaited; every transaction of every page when iterated:
     * `for await (const transaction of client.billing.listTransactions({ limit: 100 }))`.
     */
    listTransactions(
      query: ListBillingTransactionsQuery = {},
      options?: CallOptions,
    ): PagePromise<WithRequestId<ListBillingTransactionsResponse>> {
      return pagePromise(query, (pageQuery: ListBillingTransactionsQuery) =>
        core.call('GET', '/api/v1/billing/transactions', { params: { query: pageQuery } }, options),
      );
    },
  };
}

export type BillingResource = ReturnType<typeof billingResource>;
