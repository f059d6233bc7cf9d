import type { ChatCompletionChunk } from '@inference-infra/types';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChatCompletionStreamQuery } from './hooks.gen.js';
import type { ChatStreamRefetchMode } from './index.js';
import { inferenceInfraKeys } from './queryKeys.js';
import { setUpHooks } from './test/renderWithClient.js';

const body = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user' as const, content: 'What does a volume hold?' }],
};

/** A short answer (the simulator stops at max_tokens): a few chunks, a second or two at 200 ms an event. */
const shortBody = { ...body, max_tokens: 6 };

const textOf = (chunks: ChatCompletionChunk[] | undefined) =>
  (chunks ?? []).map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');

// Whole streams at 200 ms an event take seconds; waits for one to end get room beyond the default 5 s.
const wholeStream = { interval: 5, timeout: 12_000 };

describe('useChatCompletionStreamQuery', () => {
  it('caches the chunks in order of arrival, the data growing until the stream ends', async () => {
    const { wrapper, client, queryClient, sentBody } = setUpHooks();
    // The simulator's text depends on the conversation only, so the whole answer tells what the chunks add up to.
    const whole = (await client.chat.completions.create(shortBody)).choices[0]?.message.content ?? '';
    expect(whole).not.toBe('');
    const { result } = renderHook(() => useChatCompletionStreamQuery(shortBody), { wrapper });
    const seen: string[] = [];
    await waitFor(() => {
      seen.push(textOf(result.current.data));
      expect(result.current.isSuccess && result.current.fetchStatus === 'idle').toBe(true);
    }, wholeStream);
    expect(textOf(result.current.data)).toBe(whole);
    // Partial answers were in the cache before the whole one, each a beginning of the next: in order, growing.
    expect(seen.filter((text) => text.length > 0 && text !== whole).length).toBeGreaterThan(0);
    for (const [i, text] of seen.entries()) expect((seen[i + 1] ?? whole).startsWith(text)).toBe(true);
    expect(queryClient.getQueryData(inferenceInfraKeys.chat.stream(shortBody))).toBe(result.current.data);
    expect((await sentBody(1)).stream).toBe(true);
  });

  it('serves a second reader of the same body from the cache, without a second request', async () => {
    const { wrapper, fetchSpy } = setUpHooks();
    const first = renderHook(() => useChatCompletionStreamQuery(shortBody), { wrapper });
    await waitFor(() => expect(first.result.current.fetchStatus).toBe('idle'), wholeStream);
    const second = renderHook(() => useChatCompletionStreamQuery(shortBody), { wrapper });
    expect(second.result.current.data).toEqual(first.result.current.data);
    expect(second.result.current.fetchStatus).toBe('idle');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  /**
   * A chat stream made in process that sends one chunk and then nothing until its reader cancels it, and records that
   * cancel: how the client ends a stream whose headers are in. With no further chunk to wake the loop of
   * `streamedQuery`, only the signal handed to the client can end it.
   */
  function stalledStream() {
    const state = { cancelled: false };
    const fetch: typeof globalThis.fetch = async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const chunk = {
            id: 'chatcmpl-stalled',
            object: 'chat.completion.chunk',
            created: 1,
            model: 'm',
            choices: [{ index: 0, delta: { content: 'first ' }, finish_reason: null }],
          };
          controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(chunk)}\n\n`));
        },
        cancel() {
          state.cancelled = true;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    };
    return { fetch, state };
  }

  it('aborts the request when the query is cancelled', async () => {
    const stalled = stalledStream();
    const { wrapper, queryClient } = setUpHooks({ fetch: stalled.fetch });
    const { result } = renderHook(() => useChatCompletionStreamQuery(body), { wrapper });
    await waitFor(() => expect(textOf(result.current.data)).toBe('first '));
    expect(result.current.fetchStatus).toBe('fetching');
    expect(stalled.state.cancelled).toBe(false);
    await act(() => queryClient.cancelQueries({ queryKey: inferenceInfraKeys.chat.stream(body) }));
    await expect.poll(() => stalled.state.cancelled).toBe(true);
    await waitFor(() => expect(result.current.fetchStatus).toBe('idle'));
  });

  /**
   * Renders the hook on the short body, waits for the whole first answer, refetches, and records the data at each
   * poll until the second request has ended.
   */
  async function refetchedOnce(options: { refetchMode?: ChatStreamRefetchMode } = {}) {
    const { wrapper, fetchSpy } = setUpHooks();
    const { result } = renderHook(() => useChatCompletionStreamQuery(shortBody, options), { wrapper });
    const settled = () =>
      expect(result.current.isSuccess && result.current.fetchStatus === 'idle').toBe(true);
    await waitFor(settled, wholeStream);
    const first = result.current.data ?? [];
    const seen: Array<ChatCompletionChunk[] | undefined> = [];
    act(() => void result.current.refetch());
    await waitFor(() => {
      seen.push(result.current.data);
      expect(fetchSpy).toHaveBeenCalledTimes(2);
      settled();
    }, wholeStream);
    return { first, seen, data: result.current.data };
  }

  it("replaces the chunks on refetch by default ('reset': the data starts over)", async () => {
    const { first, seen, data } = await refetchedOnce();
    // The old chunks went first: the data was shorter than the old answer while the new one streamed.
    expect(seen.some((chunks) => (chunks?.length ?? 0) < first.length)).toBe(true);
    expect(data).toHaveLength(first.length);
    expect(textOf(data)).toBe(textOf(first));
  });

  it("appends the new answer's chunks to the old ones with refetchMode 'append'", async () => {
    const { first, seen, data } = await refetchedOnce({ refetchMode: 'append' });
    expect(seen.every((chunks) => (chunks?.length ?? 0) >= first.length)).toBe(true);
    expect(data).toHaveLength(first.length * 2);
    expect(data?.slice(0, first.length)).toEqual(first);
    expect(textOf(data)).toBe(textOf(first).repeat(2));
  });

  it("keeps the old answer in view until the new one is whole with refetchMode 'replace'", async () => {
    const { first, seen, data } = await refetchedOnce({ refetchMode: 'replace' });
    // While the new answer streamed, the data was the old answer itself, never a part of the new one...
    const whileStreaming = seen.slice(0, -1);
    expect(whileStreaming.length).toBeGreaterThan(0);
    expect(whileStreaming.every((chunks) => chunks === first)).toBe(true);
    // ...then the whole new answer took its place at once: a new array of as many chunks.
    expect(data).not.toBe(first);
    expect(data).toHaveLength(first.length);
    expect(textOf(data)).toBe(textOf(first));
  });
});
