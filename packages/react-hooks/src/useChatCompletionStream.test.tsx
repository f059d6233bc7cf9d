import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpHooks } from './test/renderWithClient.js';
import { useChatCompletionStream } from './useChatCompletionStream.js';

const body = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user' as const, content: 'What is a volume?' }],
};

describe('useChatCompletionStream', () => {
  it('grows the content with each delta and ends with the whole message', async () => {
    const { wrapper, sentBody, client } = setUpHooks();
    // The simulator's text depends on the conversation only, so the whole answer tells what the stream must add up to.
    const whole = (await client.chat.completions.create(body)).choices[0]?.message.content ?? '';
    expect(whole).not.toBe('');
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
    expect((await sentBody(1)).stream).toBe(true);
  });

  /**
   * A chat stream that never ends, made in process: a chunk every 20 ms until its reader cancels. An abort test on
   * it cannot race the end of the stream, however slow the machine. (Over real HTTP the abort is covered by the
   * fetch client's fault tests; happy-dom's fetch cannot cancel a body that is still receiving data.)
   */
  const endlessStream: typeof fetch = async () => {
    let n = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        const chunk = () =>
          `data: ${JSON.stringify({
            id: 'chatcmpl-endless',
            object: 'chat.completion.chunk',
            created: 1,
            model: 'm',
            choices: [{ index: 0, delta: { content: `${n++} ` }, finish_reason: null }],
          })}\n\n`;
        timer = setInterval(() => controller.enqueue(encoder.encode(chunk())), 20);
      },
      cancel() {
        clearInterval(timer);
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'x-request-id': 'req_endless' },
    });
  };

  it('stops on abort(), keeping what arrived, with no error and no final message', async () => {
    // A stream that never ends, so the abort cannot lose a race with the last chunk on a slow machine.
    const { wrapper } = setUpHooks({ fetch: endlessStream });
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

  it('ends aborted, not successful, when the abort lands amid chunks already parsed', async () => {
    const { wrapper } = setUpHooks();
    const chunk = (content: string) => ({
      id: 'chatcmpl-batch',
      object: 'chat.completion.chunk' as const,
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    });
    let abortNow: () => void = () => undefined;
    // One read that held two chunks and [DONE]: the stream hands them over without waiting, and ends cleanly.
    const stream = {
      requestId: 'req_batch',
      async *[Symbol.asyncIterator]() {
        yield chunk('kept ');
        abortNow();
        yield chunk('dropped');
      },
    };
    const client = {
      chat: { completions: { create: async () => stream } },
    } as unknown as InferenceInfraClient;
    const { result } = renderHook(() => useChatCompletionStream({ client }), { wrapper });
    abortNow = () => result.current.abort();
    act(() => result.current.start(body));
    await waitFor(() => expect(result.current.status).toBe('aborted'));
    expect(result.current.content).toBe('kept ');
    expect(result.current.message).toBeNull();
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
