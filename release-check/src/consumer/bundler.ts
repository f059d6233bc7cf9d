// A consumer built by a bundler (moduleResolution bundler): type-checked only.
import { createClient } from '@inference-infra/fetch-client';
import { billingTransactionsInfiniteQueryOptions } from '@inference-infra/query-core';
import { inferenceInfraKeys, useInstanceTypes } from '@inference-infra/react-hooks';
import type { ListBillingTransactionsQuery } from '@inference-infra/types';

const query: ListBillingTransactionsQuery = { limit: 100, type: 'usage' };
export const client = createClient({ apiKey: 'ii_live_x', platformUrl: 'https://platform.example.test' });
export const keys = [
  inferenceInfraKeys,
  useInstanceTypes,
  query,
  billingTransactionsInfiniteQueryOptions(client, query),
];
