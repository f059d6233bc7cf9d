import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type {
  ChatCompletionChunk,
  ListBillingTransactionsResponse,
  ListInstanceTypesResponse,
  PersistentVolume,
} from '@inference-infra/types';
import { injectQuery, QueryClient } from '@tanstack/angular-query-experimental';
import type { InfiniteData } from '@tanstack/query-core';

import { describe, expectTypeOf, it } from 'vitest';
import {
  type InferenceInfraQueryError,
  inferenceInfraKeys,
  injectChatCompletionStream,
  injectChatCompletionStreamQuery,
  injectInfiniteBillingTransactionsQuery,
  injectInstanceTypesQuery,
  injectResizeVolumeMutation,
  instanceTypesQueryOptions,
} from './index.js';

declare const client: InferenceInfraClient;

describe('the Angular queries', () => {
  it('take accessors, so the signals they read are tracked', () => {
    const gpuType = (): 'H100' | undefined => 'H100';
    injectInstanceTypesQuery(() => ({ gpu_type: gpuType() }));
    injectInstanceTypesQuery(
      () => ({ gpu_count: 8 }),
      () => ({ enabled: gpuType() !== undefined }),
    );
    // @ts-expect-error gpu_count is a number in the spec
    injectInstanceTypesQuery(() => ({ gpu_count: '8' }));
    // @ts-expect-error the key and the query function belong to the factory
    injectInstanceTypesQuery(undefined, () => ({ queryKey: ['mine'] }));
    // @ts-expect-error a plain object is not an accessor
    injectInstanceTypesQuery({ gpu_type: 'H100' });
  });

  it("type data and error from the spec and the client's errors", () => {
    const types = injectInstanceTypesQuery();
    expectTypeOf(types.data()).toEqualTypeOf<ListInstanceTypesResponse | undefined>();
    expectTypeOf(types.error()).toEqualTypeOf<InferenceInfraQueryError | null>();
    const pages = injectInfiniteBillingTransactionsQuery(() => ({ limit: 10 }));
    expectTypeOf(pages.data()).toEqualTypeOf<
      InfiniteData<ListBillingTransactionsResponse, number> | undefined
    >();
    const chunks = injectChatCompletionStreamQuery(
      () => ({ model: 'm', messages: [] }),
      () => ({ enabled: false }),
    );
    expectTypeOf(chunks.data()).toEqualTypeOf<ChatCompletionChunk[] | undefined>();
  });

  it('give the resize its variables and the stream its signals', () => {
    const resize = injectResizeVolumeMutation({
      onSuccess: (response) => expectTypeOf(response.data.sizeGb).toBeNumber(),
    });
    resize.mutate({ id: 'vol_1', size_gb: 500 });
    // @ts-expect-error size_gb is required
    resize.mutate({ id: 'vol_1' });
    const stream = injectChatCompletionStream();
    expectTypeOf(stream.content()).toBeString();
    expectTypeOf(stream.status()).toEqualTypeOf<'idle' | 'streaming' | 'success' | 'error' | 'aborted'>();
    stream.start({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  });

  it("fit angular-query's own injectQuery and QueryClient, keys carrying their data type", () => {
    const spread = injectQuery(() => ({
      ...instanceTypesQueryOptions(client, { gpu_type: 'H100' }),
      select: (answer: ListInstanceTypesResponse) => answer.data.length,
    }));
    expectTypeOf(spread.data()).toEqualTypeOf<number | undefined>();
    const queryClient = new QueryClient();
    expectTypeOf(queryClient.getQueryData(inferenceInfraKeys.volumes.detail('vol_1'))).toEqualTypeOf<
      PersistentVolume | undefined
    >();
  });
});
