import type { PersistentVolume } from '@inference-infra/types';
import { describe, expectTypeOf, it } from 'vitest';
import { useChatCompletion, useEmbeddings, useGenerateImages, useResizeVolume } from './hooks.gen.js';
import type { ResizeVolumeVariables } from './options.gen.js';
import type { InferenceInfraHookError } from './types.js';

describe('mutation hooks follow the spec', () => {
  it('type the answers, with the request id, and the errors', () => {
    const resize = useResizeVolume();
    expectTypeOf(resize.data?.data).toEqualTypeOf<PersistentVolume | undefined>();
    expectTypeOf(resize.data?.requestId).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(resize.error).toEqualTypeOf<InferenceInfraHookError | null>();
    expectTypeOf(useChatCompletion().data?.choices[0]?.message.content).toEqualTypeOf<
      string | null | undefined
    >();
    expectTypeOf(useGenerateImages().data?.data[0]?.b64_json).toEqualTypeOf<string | undefined>();
    expectTypeOf(useEmbeddings().data?.data[0]?.embedding).toEqualTypeOf<number[] | string | undefined>();
  });

  it('reject variables outside the spec', () => {
    const resize = useResizeVolume();
    resize.mutate({ id: 'vol_1', size_gb: 500 });
    // @ts-expect-error size_gb is a number
    resize.mutate({ id: 'vol_1', size_gb: '500' });
    // @ts-expect-error the volume id is required
    resize.mutate({ size_gb: 500 });
    // @ts-expect-error stream: true belongs to useChatCompletionStream
    useChatCompletion().mutate({ model: 'm', messages: [], stream: true });
    // @ts-expect-error response_format is url or b64_json
    useGenerateImages().mutate({ model: 'm', prompt: 'p', response_format: 'png' });
  });

  it('take the lifecycle callbacks, typed with the answer, the variables and the error', () => {
    useResizeVolume({
      onMutate: (variables) => {
        expectTypeOf(variables).toEqualTypeOf<ResizeVolumeVariables>();
        return { previous: 100 };
      },
      onSuccess: (data, variables) => {
        expectTypeOf(data.data).toEqualTypeOf<PersistentVolume>();
        expectTypeOf(variables.size_gb).toBeNumber();
      },
      onError: (error) => expectTypeOf(error).toEqualTypeOf<InferenceInfraHookError>(),
      onSettled: (data, error) => {
        expectTypeOf(data?.data).toEqualTypeOf<PersistentVolume | undefined>();
        expectTypeOf(error).toEqualTypeOf<InferenceInfraHookError | null>();
      },
    });
    useChatCompletion({
      onSuccess: (data) => expectTypeOf(data.requestId).toEqualTypeOf<string | null>(),
      onError: (error) => expectTypeOf(error).toEqualTypeOf<InferenceInfraHookError>(),
    });
    useEmbeddings({
      onMutate: (variables) => expectTypeOf(variables.model).toBeString(),
      onSettled: () => undefined,
    });
    useGenerateImages({ onSuccess: (data) => expectTypeOf(data.data).toBeArray(), retry: undefined });
  });

  it('keep the mutation function and key to the builder', () => {
    // @ts-expect-error the request is the builder's; a hook with another mutationFn would be another operation
    useChatCompletion({ mutationFn: async () => undefined });
    // @ts-expect-error the key is the builder's, so useIsMutating({ mutationKey }) finds the hook's mutations
    useResizeVolume({ mutationKey: ['x'] });
    // @ts-expect-error onMutate is given the variables of the operation, not any value
    useEmbeddings({ onMutate: (variables: { prompt: string }) => variables });
  });
});
