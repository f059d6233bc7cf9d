import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type {
  ChatCompletionChunk,
  ListBillingTransactionsResponse,
  ListInstanceTypesResponse,
  PersistentVolume,
} from '@inference-infra/types';
import type { InfiniteData } from '@tanstack/query-core';
import { QueryClient, useQuery } from '@tanstack/solid-query';
import { createSignal } from 'solid-js';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type InferenceInfraQueryError,
  inferenceInfraKeys,
  instanceTypesQueryOptions,
  useChatCompletionStream,
  useChatCompletionStreamQuery,
  useInfiniteBillingTransactions,
  useInstanceTypes,
  useResizeVolume,
} from './index.js';

declare const client: InferenceInfraClient;

describe('the Solid primitives', () => {
  it('take accessors, so the signals they read are tracked', () => {
    const [gpuType] = createSignal<'H100' | undefined>('H100');
    useInstanceTypes(() => ({ gpu_type: gpuType() }));
    useInstanceTypes(
      () => ({ gpu_count: 8 }),
      () => ({ enabled: gpuType() !== undefined }),
    );
    // @ts-expect-error gpu_count is a number in the spec
    useInstanceTypes(() => ({ gpu_count: '8' }));
    // @ts-expect-error the key and the query function belong to the factory
    useInstanceTypes(undefined, () => ({ queryKey: ['mine'] }));
    // @ts-expect-error a plain object is not an accessor
    useInstanceTypes({ gpu_type: 'H100' });
  });

  it("type data and error from the spec and the client's errors", () => {
    const types = useInstanceTypes();
    expectTypeOf(types.data).toEqualTypeOf<ListInstanceTypesResponse | undefined>();
    expectTypeOf(types.error).toEqualTypeOf<InferenceInfraQueryError | null>();
    const pages = useInfiniteBillingTransactions(() => ({ limit: 10 }));
    expectTypeOf(pages.data).toEqualTypeOf<
      InfiniteData<ListBillingTransactionsResponse, number> | undefined
    >();
    const chunks = useChatCompletionStreamQuery(
      () => ({ model: 'm', messages: [] }),
      () => ({ enabled: false }),
    );
    expectTypeOf(chunks.data).toEqualTypeOf<ChatCompletionChunk[] | undefined>();
  });

  it('give the resize its variables and the stream its accessors', () => {
    const resize = useResizeVolume({
      onSuccess: (response) => expectTypeOf(response.data.sizeGb).toBeNumber(),
    });
    resize.mutate({ id: 'vol_1', size_gb: 500 });
    // @ts-expect-error size_gb is required
    resize.mutate({ id: 'vol_1' });
    const stream = useChatCompletionStream();
    expectTypeOf(stream.content()).toBeString();
    expectTypeOf(stream.status()).toEqualTypeOf<'idle' | 'streaming' | 'success' | 'error' | 'aborted'>();
    stream.start({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  });

  it("fit solid-query's own useQuery and QueryClient, keys carrying their data type", () => {
    const spread = useQuery(() => ({
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
