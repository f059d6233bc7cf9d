import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpHooks } from './test/renderWithClient.js';
import { useEmbeddings } from './useEmbeddings.js';

describe('useEmbeddings', () => {
  it('embeds each input item, in input order', async () => {
    const { wrapper } = setUpHooks();
    const { result } = renderHook(() => useEmbeddings(), { wrapper });
    act(() => result.current.mutate({ model: 'bge-large-en-v1.5', input: 'hello' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.data[0]).toMatchObject({
      index: 0,
      embedding: [0.0123, -0.0456, 0.0789, 0.1011],
    });
  });
});
