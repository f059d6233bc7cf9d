import { BadRequestError } from '@inference-infra/fetch-client';
import type { UseMutationResult } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useChatCompletion, useEmbeddings, useGenerateImages, useResizeVolume } from './hooks.gen.js';
import { inferenceInfraKeys } from './queryKeys.js';
import { setUpHooks } from './test/renderWithClient.js';
import type { MutationHookOptions } from './types.js';

type AnyMutationHook = (
  options?: MutationHookOptions<unknown, never>,
) => UseMutationResult<unknown, unknown, unknown>;

/** Every mutation hook, with variables the simulator accepts. */
const mutationHooks: Array<{ name: string; useHook: AnyMutationHook; variables: unknown }> = [
  {
    name: 'useResizeVolume',
    useHook: useResizeVolume as AnyMutationHook,
    variables: { id: 'vol_training', size_gb: 700 },
  },
  {
    name: 'useChatCompletion',
    useHook: useChatCompletion as AnyMutationHook,
    variables: { model: 'llama-3.1-8b-instruct', messages: [{ role: 'user', content: 'hi' }] },
  },
  {
    name: 'useEmbeddings',
    useHook: useEmbeddings as AnyMutationHook,
    variables: { model: 'bge-large-en-v1.5', input: ['hello'] },
  },
  {
    name: 'useGenerateImages',
    useHook: useGenerateImages as AnyMutationHook,
    variables: { model: 'flux-1-schnell', prompt: 'a lighthouse', response_format: 'url' },
  },
];

/** Records the order the hook's callbacks ran in, and what each was given. */
function recordingCallbacks() {
  const calls: string[] = [];
  const callbacks = {
    onMutate: vi.fn((variables: unknown) => {
      calls.push('onMutate');
      return { mutatedWith: variables };
    }),
    onSuccess: vi.fn((..._args: unknown[]) => void calls.push('onSuccess')),
    onError: vi.fn((_error: unknown) => void calls.push('onError')),
    onSettled: vi.fn(() => void calls.push('onSettled')),
  };
  return { calls, callbacks };
}

/** A 400 for every request: the client does not retry it, so each mutation fails once. */
const badRequest: typeof fetch = async () =>
  new Response(
    JSON.stringify({ error: { message: 'no', type: 'invalid_request_error', code: null, param: null } }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );

describe.each(mutationHooks)('$name', ({ name, useHook, variables }) => {
  it('runs onMutate, onSuccess and onSettled given to the hook, in that order', async () => {
    // A key of its own, so the resize starts from the seeded size and succeeds.
    const { wrapper } = setUpHooks({ apiKey: `ii_live_callbacks${name.toLowerCase()}` });
    const { calls, callbacks } = recordingCallbacks();
    const { result } = renderHook(() => useHook(callbacks), { wrapper });
    act(() => result.current.mutate(variables as never));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls).toEqual(['onMutate', 'onSuccess', 'onSettled']);
    expect(callbacks.onSuccess.mock.calls[0]?.slice(0, 3)).toEqual([
      result.current.data,
      variables,
      { mutatedWith: variables },
    ]);
    expect(callbacks.onError).not.toHaveBeenCalled();
  });

  it('runs onMutate, onError and onSettled given to the hook when the server refuses', async () => {
    const { wrapper } = setUpHooks({ fetch: badRequest });
    const { calls, callbacks } = recordingCallbacks();
    const { result } = renderHook(() => useHook(callbacks), { wrapper });
    act(() => result.current.mutate(variables as never));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls).toEqual(['onMutate', 'onError', 'onSettled']);
    expect(callbacks.onError.mock.calls[0]?.[0]).toBeInstanceOf(BadRequestError);
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
  });
});

describe('useResizeVolume with an onSuccess of its own', () => {
  it('runs it after the cache update, and stays pending until it is done', async () => {
    const { wrapper, queryClient } = setUpHooks({ apiKey: 'ii_live_resizehookonsuccess' });
    let finish: () => void = () => undefined;
    let cachedWhenCalled: unknown;
    const { result } = renderHook(
      () =>
        useResizeVolume({
          onSuccess: () => {
            cachedWhenCalled = queryClient.getQueryData(inferenceInfraKeys.volumes.detail('vol_training'));
            return new Promise<void>((resolve) => {
              finish = resolve;
            });
          },
        }),
      { wrapper },
    );
    act(() => result.current.mutate({ id: 'vol_training', size_gb: 800 }));
    await waitFor(() => expect(cachedWhenCalled).toMatchObject({ id: 'vol_training', sizeGb: 800 }));
    expect(result.current.isPending).toBe(true);
    act(() => finish());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });
});
