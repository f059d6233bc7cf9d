import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEmbeddings } from './hooks.gen.js';
import { setUpHooks } from './test/renderWithClient.js';

describe('useEmbeddings', () => {
  it('embeds each input item, in input order', async () => {
    const { wrapper } = setUpHooks();
    const { result } = renderHook(() => useEmbeddings(), { wrapper });
    act(() => result.current.mutate({ model: 'bge-large-en-v1.5', input: ['hello', 'world', 'hello'] }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const items = result.current.data?.data ?? [];
    expect(items.map((item) => item.index)).toEqual([0, 1, 2]);
    // The simulator's vectors depend on the text alone: equal inputs, equal vectors.
    expect(items[2]?.embedding).toEqual(items[0]?.embedding);
    expect(items[1]?.embedding).not.toEqual(items[0]?.embedding);
  });
});
