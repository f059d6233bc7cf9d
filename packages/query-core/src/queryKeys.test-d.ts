import type {
  ListBillingTransactionsResponse,
  ListInstanceTypesResponse,
  PersistentVolume,
} from '@inference-infra/types';
import { type InfiniteData, QueryClient } from '@tanstack/query-core';
import { describe, expectTypeOf, it } from 'vitest';
import { inferenceInfraKeys } from './queryKeys.js';

const queryClient = new QueryClient();

describe('inferenceInfraKeys', () => {
  it('carry the type of what is cached under them', () => {
    expectTypeOf(queryClient.getQueryData(inferenceInfraKeys.instanceTypes.list())).toEqualTypeOf<
      ListInstanceTypesResponse | undefined
    >();
    expectTypeOf(queryClient.getQueryData(inferenceInfraKeys.billing.page({ limit: 5 }))).toEqualTypeOf<
      ListBillingTransactionsResponse | undefined
    >();
    expectTypeOf(queryClient.getQueryData(inferenceInfraKeys.billing.infinite({ limit: 5 }))).toEqualTypeOf<
      InfiniteData<ListBillingTransactionsResponse, number> | undefined
    >();
    expectTypeOf(queryClient.getQueryData(inferenceInfraKeys.volumes.detail('vol_1'))).toEqualTypeOf<
      PersistentVolume | undefined
    >();
  });

  it('refuse writes of the wrong shape', () => {
    // @ts-expect-error a volume has sizeGb, not size_gb
    queryClient.setQueryData(inferenceInfraKeys.volumes.detail('vol_1'), { id: 'vol_1', size_gb: 10 });
  });

  it('keep the query in the key, typed', () => {
    expectTypeOf(inferenceInfraKeys.instanceTypes.list({ gpu_type: 'H100' })[3]).toHaveProperty('gpu_type');
    // @ts-expect-error gpu_count is a number
    inferenceInfraKeys.instanceTypes.list({ gpu_count: '8' });
  });
});
