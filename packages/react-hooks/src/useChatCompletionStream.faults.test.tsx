import * as fetchClient from '@inference-infra/fetch-client';
import { errorClassIn, faultPrompt, streamFaultScenarios } from '@inference-infra/test-kit/streamFaults';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpHooks } from './test/renderWithClient.js';
import { useChatCompletionStream } from './useChatCompletionStream.js';

// The hook against the simulator's stream faults over real HTTP, from the table query-core's session and each
// framework's browser app run too: each test's client asks for one with `X-Simulate`.
const body = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user' as const, content: faultPrompt }],
};

/**
 * happy-dom's fetch, whose body, cancelled while it is still receiving, throws "Controller is already closed" out of
 * reach when the bytes then end (its own bug: the error event and the broken frame are followed by the end at once).
 * Here a cancelled body is read to its end instead, which the client never sees.
 */
let requests = 0;
const drainingFetch: typeof fetch = async (input, init) => {
  requests += 1;
  const response = await fetch(input, init);
  const source = response.body?.getReader();
  if (!source) return response;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      while (!(await source.read().catch(() => ({ done: true }))).done) {
        // dropped
      }
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
};

/** The hook's state once the stream has left `streaming`, with `fault` asked of the simulator. */
async function streamWith(fault: string, streamIdleTimeoutMs: number) {
  requests = 0;
  const { wrapper, client } = setUpHooks({
    fetch: drainingFetch,
    streamIdleTimeoutMs,
    headers: { 'x-simulate': fault },
  });
  const { result } = renderHook(() => useChatCompletionStream(), { wrapper });
  act(() => result.current.start(body));
  await waitFor(() => expect(result.current.status).not.toBe('streaming'), { timeout: 10_000 });
  return { state: result.current, client, requests };
}

/** The text of the events of the answer (all, or the first `count`), streamed whole with the same client, no fault. */
async function streamedText(client: Awaited<ReturnType<typeof streamWith>>['client'], count: number | 'all') {
  const stream = await client.chat.completions.create(
    { ...body, stream: true },
    { headers: { 'x-simulate': 'stream-drip-ms=0' } },
  );
  const deltas: string[] = [];
  for await (const chunk of stream) deltas.push(chunk.choices[0]?.delta.content ?? '');
  return { text: (count === 'all' ? deltas : deltas.slice(0, count)).join(''), events: deltas.length };
}

describe.each(streamFaultScenarios)('useChatCompletionStream on $title', (scenario) => {
  const { fault, streamIdleTimeoutMs, eventsKept, dripMs, error } = scenario;
  it(`reaches ${error ? `error with ${error.name}` : 'success'}, the text so far kept, in one request`, async () => {
    const { state, client, requests: sent } = await streamWith(fault, streamIdleTimeoutMs);
    const expected = await streamedText(client, eventsKept);
    expect(state.content).toBe(expected.text);
    expect(state.content.length).toBeGreaterThan(0);
    // Never a retry: the server took the request and may have acted on it (a chat is billed once it starts).
    expect(sent).toBe(1);
    if (error) {
      expect(state.status).toBe('error');
      expect(state.error).toBeInstanceOf(errorClassIn(fetchClient, error.name));
      expect(state.error?.name).toBe(error.name);
      expect(state.error?.message).toMatch(error.message);
      expect(state.message).toBeNull();
    } else {
      expect(state.status).toBe('success');
      // Several bounds long in all, so only a bound on the silence between chunks lets it through.
      expect(expected.events * (dripMs ?? 0)).toBeGreaterThan(2 * streamIdleTimeoutMs);
    }
  });
});
