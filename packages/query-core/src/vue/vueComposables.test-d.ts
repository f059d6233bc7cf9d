import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type {
  ChatCompletionChunk,
  ListBillingTransactionsResponse,
  ListInstanceTypesResponse,
  PersistentVolume,
} from '@inference-infra/types';
import type { InfiniteData } from '@tanstack/query-core';
import { QueryClient, useQuery } from '@tanstack/vue-query';
import { describe, expectTypeOf, it } from 'vitest';
import { ref } from 'vue';
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

describe('the Vue composables', () => {
  it('take reactive parameters: a ref, a getter or a plain object', () => {
    const gpuType = ref<'H100' | undefined>('H100');
    useInstanceTypes(() => ({ gpu_type: gpuType.value }));
    useInstanceTypes(ref({ region: 'us-east-1' }));
    useInstanceTypes({ gpu_count: 8 }, { enabled: () => gpuType.value !== undefined, staleTime: 1000 });
    // @ts-expect-error gpu_count is a number in the spec
    useInstanceTypes(() => ({ gpu_count: '8' }));
    // @ts-expect-error the key and the query function belong to the factory
    useInstanceTypes({}, { queryKey: ['mine'] });
  });

  it("type data and error from the spec and the client's errors", () => {
    const types = useInstanceTypes();
    expectTypeOf(types.data.value).toEqualTypeOf<ListInstanceTypesResponse | undefined>();
    expectTypeOf(types.error.value).toEqualTypeOf<InferenceInfraQueryError | null>();
    const pages = useInfiniteBillingTransactions(() => ({ limit: 10 }));
    expectTypeOf(pages.data.value).toEqualTypeOf<
      InfiniteData<ListBillingTransactionsResponse, number> | undefined
    >();
    const chunks = useChatCompletionStreamQuery({ model: 'm', messages: [] }, { enabled: ref(false) });
    expectTypeOf(chunks.data.value).toEqualTypeOf<ChatCompletionChunk[] | undefined>();
  });

  it('give the resize its variables and the stream its refs', () => {
    const resize = useResizeVolume({
      onSuccess: (response) => expectTypeOf(response.data.sizeGb).toBeNumber(),
    });
    resize.mutate({ id: 'vol_1', size_gb: 500 });
    // @ts-expect-error size_gb is required
    resize.mutate({ id: 'vol_1' });
    const stream = useChatCompletionStream();
    expectTypeOf(stream.content.value).toBeString();
    expectTypeOf(stream.status.value).toEqualTypeOf<'idle' | 'streaming' | 'success' | 'error' | 'aborted'>();
    stream.start({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  });

  it("fit vue-query's own useQuery and QueryClient, keys carrying their data type", () => {
    const spread = useQuery({
      ...instanceTypesQueryOptions(client, { gpu_type: 'H100' }),
      select: (r) => r.data.length,
    });
    expectTypeOf(spread.data.value).toEqualTypeOf<number | undefined>();
    const queryClient = new QueryClient();
    expectTypeOf(queryClient.getQueryData(inferenceInfraKeys.volumes.detail('vol_1'))).toEqualTypeOf<
      PersistentVolume | undefined
    >();
  });
});
