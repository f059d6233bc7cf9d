import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type {
  ChatCompletionChunk,
  ListBillingTransactionsResponse,
  ListInstanceTypesResponse,
  PersistentVolume,
} from '@inference-infra/types';
import type { InfiniteData } from '@tanstack/query-core';
import { createQuery, QueryClient } from '@tanstack/svelte-query';

import { describe, expectTypeOf, it } from 'vitest';
import {
  createChatCompletionStream,
  createChatCompletionStreamQuery,
  createInfiniteBillingTransactionsQuery,
  createInstanceTypesQuery,
  createResizeVolumeMutation,
  type InferenceInfraQueryError,
  inferenceInfraKeys,
  instanceTypesQueryOptions,
} from './index.js';

declare const client: InferenceInfraClient;

describe('the Svelte queries', () => {
  it('take accessors, so the runes they read are tracked', () => {
    const gpuType = (): 'H100' | undefined => 'H100';
    createInstanceTypesQuery(() => ({ gpu_type: gpuType() }));
    createInstanceTypesQuery(
      () => ({ gpu_count: 8 }),
      () => ({ enabled: gpuType() !== undefined }),
    );
    // @ts-expect-error gpu_count is a number in the spec
    createInstanceTypesQuery(() => ({ gpu_count: '8' }));
    // @ts-expect-error the key and the query function belong to the factory
    createInstanceTypesQuery(undefined, () => ({ queryKey: ['mine'] }));
    // @ts-expect-error a plain object is not an accessor
    createInstanceTypesQuery({ gpu_type: 'H100' });
  });

  it("type data and error from the spec and the client's errors", () => {
    const types = createInstanceTypesQuery();
    expectTypeOf(types.data).toEqualTypeOf<ListInstanceTypesResponse | undefined>();
    expectTypeOf(types.error).toEqualTypeOf<InferenceInfraQueryError | null>();
    const pages = createInfiniteBillingTransactionsQuery(() => ({ limit: 10 }));
    expectTypeOf(pages.data).toEqualTypeOf<
      InfiniteData<ListBillingTransactionsResponse, number> | undefined
    >();
    const chunks = createChatCompletionStreamQuery(
      () => ({ model: 'm', messages: [] }),
      () => ({ enabled: false }),
    );
    expectTypeOf(chunks.data).toEqualTypeOf<ChatCompletionChunk[] | undefined>();
  });

  it('give the resize its variables and the stream its reactive fields', () => {
    const resize = createResizeVolumeMutation({
      onSuccess: (response) => expectTypeOf(response.data.sizeGb).toBeNumber(),
    });
    resize.mutate({ id: 'vol_1', size_gb: 500 });
    // @ts-expect-error size_gb is required
    resize.mutate({ id: 'vol_1' });
    const stream = createChatCompletionStream();
    expectTypeOf(stream.content).toBeString();
    expectTypeOf(stream.status).toEqualTypeOf<'idle' | 'streaming' | 'success' | 'error' | 'aborted'>();
    stream.start({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  });

  it("fit svelte-query's own createQuery and QueryClient, keys carrying their data type", () => {
    const spread = createQuery(() => ({
      ...instanceTypesQueryOptions(client, { gpu_type: 'H100' }),
      select: (answer: ListInstanceTypesResponse) => answer.data.length,
    }));
    expectTypeOf(spread.data).toEqualTypeOf<number | undefined>();
    const queryClient = new QueryClient();
    expectTypeOf(queryClient.getQueryData(inferenceInfraKeys.volumes.detail('vol_1'))).toEqualTypeOf<
      PersistentVolume | undefined
    >();
  });
});
