import type { PersistentVolume } from '@inference-infra/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { InferenceInfraHookError } from './types.js';
import { useChatCompletion } from './useChatCompletion.js';
import { useEmbeddings } from './useEmbeddings.js';
import { useGenerateImages } from './useGenerateImages.js';
import { useResizeVolume } from './useResizeVolume.js';

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
    // @ts-expect-error onSuccess is taken by the cache update; use mutate(variables, { onSuccess })
    useResizeVolume({ onSuccess: () => undefined });
  });
});
