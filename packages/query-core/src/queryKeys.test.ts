import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { inferenceInfraKeys } from './queryKeys.js';

describe('inferenceInfraKeys', () => {
  const queryKeys = [
    inferenceInfraKeys.instanceTypes.list({ gpu_type: 'H100' }),
    inferenceInfraKeys.billing.page({ limit: 10 }),
    inferenceInfraKeys.billing.infinite({ limit: 10 }),
    inferenceInfraKeys.volumes.detail('vol_1'),
    inferenceInfraKeys.chat.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  ];

  it('puts every key under one root, then its resource', () => {
    const mutationKeys = [
      inferenceInfraKeys.volumes.resize,
      inferenceInfraKeys.chat.completion,
      inferenceInfraKeys.images.generate,
      inferenceInfraKeys.embeddings.create,
    ];
    for (const key of [...queryKeys, ...mutationKeys]) expect(key[0]).toBe(inferenceInfraKeys.all[0]);
    expect(inferenceInfraKeys.billing.page()).toEqual([...inferenceInfraKeys.billing.all, 'page', {}]);
  });

  it('lets a prefix reach every query below it, and only those', async () => {
    const queryClient = new QueryClient();
    for (const key of queryKeys) queryClient.setQueryData<unknown>(key as QueryKey, {});
    queryClient.setQueryData(['someone-else'], {});
    await queryClient.invalidateQueries({ queryKey: inferenceInfraKeys.billing.all });
    const invalidated = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.isInvalidated })
      .map((query) => query.queryKey[1]);
    expect(invalidated).toEqual(['billingTransactions', 'billingTransactions']);
    await queryClient.invalidateQueries({ queryKey: inferenceInfraKeys.all });
    expect(queryClient.getQueryState(['someone-else'])?.isInvalidated).toBe(false);
    expect(
      queryClient.getQueryCache().findAll({ predicate: (query) => query.state.isInvalidated }),
    ).toHaveLength(5);
  });

  it('shares one cache entry between a query with undefined filters and one without them', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(inferenceInfraKeys.instanceTypes.list({ gpu_type: 'H100', region: undefined }), {
      data: [],
      meta: { requestId: 'r' },
    });
    expect(
      queryClient.getQueryData(inferenceInfraKeys.instanceTypes.list({ gpu_type: 'H100' })),
    ).toBeDefined();
  });
});
