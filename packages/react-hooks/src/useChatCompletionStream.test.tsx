import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndlessStreamServer } from './test/endlessStreamServer.js';
import { setUpHooks } from './test/renderWithClient.js';
import { useChatCompletionStream } from './useChatCompletionStream.js';

const whole = 'A persistent volume is storage that outlives the instance it is attached to.';
const body = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user' as const, content: 'What is a volume?' }],
};

describe('useChatCompletionStream', () => {
  it('grows the content with each delta and ends with the whole message', async () => {
    const { wrapper, sentBody } = setUpHooks();
    const { result } = renderHook(() => useChatCompletionStream(), { wrapper });
    const seen = new Set<string>();
    act(() => result.current.start(body));
    expect(result.current.status).toBe('streaming');
    await waitFor(
      () => {
        seen.add(result.current.content);
        expect(result.current.status).toBe('success');
      },
      { interval: 5, timeout: 10_000 },
    );
    expect(result.current.message).toEqual({ role: 'assistant', content: whole });
    expect(result.current.finishReason).toBe('stop');
    expect(result.current.requestId).toMatch(/^req_/);
    // Partial answers were on screen before the whole one: the state grew delta by delta.
    expect([...seen].filter((content) => content.length > 0 && content !== whole).length).toBeGreaterThan(0);
    for (const content of seen) expect(whole.startsWith(content)).toBe(true);
    expect((await sentBody(0)).stream).toBe(true);
  });

  let endless: Awaited<ReturnType<typeof startEndlessStreamServer>>;
  beforeAll(async () => {
    endless = await startEndlessStreamServer();
  });
  afterAll(() => endless.close());

  it('stops on abort(), keeping what arrived, with no error and no final message', async () => {
    // A stream that never ends, so the abort cannot lose a race with the last chunk on a slow machine.
    const { wrapper } = setUpHooks({ baseUrl: endless.baseUrl });
    const { result } = renderHook(() => useChatCompletionStream(), { wrapper });
    act(() => result.current.start(body));
    await waitFor(() => expect(result.current.content.length).toBeGreaterThan(0), { timeout: 10_000 });
    act(() => result.current.abort());
    await waitFor(() => expect(result.current.status).toBe('aborted'));
    expect(result.current.error).toBeNull();
    expect(result.current.message).toBeNull();
    expect(result.current.content).toMatch(/^(\d+ )+$/);
    // Nothing more arrives after the abort.
    const atAbort = result.current.content;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(result.current.content).toBe(atAbort);
  });

  it('surfaces a validation error without sending a request', async () => {
    const { wrapper, fetchSpy } = setUpHooks();
    const { result } = renderHook(() => useChatCompletionStream(), { wrapper });
    act(() => result.current.start({ ...body, messages: [] }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.name).toBe('RequestValidationError');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('resets to idle', async () => {
    const { wrapper } = setUpHooks();
    const { result } = renderHook(() => useChatCompletionStream(), { wrapper });
    act(() => result.current.start(body));
    act(() => result.current.reset());
    expect(result.current.status).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(result.current.content).toBe('');
  });
});
