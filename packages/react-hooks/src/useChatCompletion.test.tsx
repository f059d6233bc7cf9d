import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChatCompletion } from './hooks.gen.js';
import { setUpHooks } from './test/renderWithClient.js';

describe('useChatCompletion', () => {
  it('answers a conversation whole', async () => {
    const { wrapper, sentBody } = setUpHooks();
    const { result } = renderHook(() => useChatCompletion(), { wrapper });
    expect(result.current.isIdle).toBe(true);
    act(() =>
      result.current.mutate({ model: 'm', messages: [{ role: 'user', content: 'What is a volume?' }] }),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.choices[0]?.message.content).toContain('What is a volume?');
    expect((await sentBody(0)).stream).toBe(false);
  });
});
