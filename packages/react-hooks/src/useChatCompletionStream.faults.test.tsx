import {
  APIConnectionError,
  InternalServerError,
  StreamIdleTimeoutError,
} from '@inference-infra/fetch-client';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpHooks } from './test/renderWithClient.js';
import { useChatCompletionStream } from './useChatCompletionStream.js';

// The hook against the simulator's stream faults over real HTTP: each test's client asks for one with `X-Simulate`
// (without the run's 200 ms between events, so the fault's own silence is the only one the bound sees).
const body = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user' as const, content: 'What is a volume?' }],
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
async function streamWith(fault: string) {
  requests = 0;
  const { wrapper, client } = setUpHooks({
    fetch: drainingFetch,
    streamIdleTimeoutMs: 500,
    headers: { 'x-simulate': `stream-drip-ms=0;${fault}` },
  });
  const { result } = renderHook(() => useChatCompletionStream(), { wrapper });
  act(() => result.current.start(body));
  await waitFor(() => expect(result.current.status).not.toBe('streaming'), { timeout: 10_000 });
  return { state: result.current, client, requests };
}

/** The text of the first `count` deltas of the answer, read whole with the same client. */
async function firstDeltas(client: Awaited<ReturnType<typeof streamWith>>['client'], count: number) {
  const whole = (await client.chat.completions.create(body, { headers: { 'x-simulate': null } })).choices[0]
    ?.message.content;
  // The first chunk carries the role and no text; each one after it, one word of the reply.
  const words = (whole ?? '').split(/(?= )/);
  return words.slice(0, count - 1).join('');
}

describe('useChatCompletionStream on a stream that fails midway', () => {
  it('reaches error with StreamIdleTimeoutError when the stream stalls, the text so far kept, one request', async () => {
    const { state, client, requests: sent } = await streamWith('stream-stall-after=4;stream-stall-ms=600000');
    expect(state.status).toBe('error');
    expect(state.error).toBeInstanceOf(StreamIdleTimeoutError);
    expect(state.error).toMatchObject({ chunks: 4 });
    expect(state.content).toBe(await firstDeltas(client, 4));
    expect(state.message).toBeNull();
    expect(sent).toBe(1);
  });

  it("reaches error with the spec's error event as its typed APIError, the text so far kept", async () => {
    const { state, client } = await streamWith('stream-error-after=3');
    expect(state.status).toBe('error');
    expect(state.error).toBeInstanceOf(InternalServerError);
    expect(state.content).toBe(await firstDeltas(client, 3));
  });

  it('reaches error with APIConnectionError on a malformed frame, the text so far kept', async () => {
    const { state, client } = await streamWith('stream-malformed-after=3');
    expect(state.status).toBe('error');
    expect(state.error).toBeInstanceOf(APIConnectionError);
    expect(state.content).toBe(await firstDeltas(client, 3));
  });

  it('reaches success through a drip within the bound', async () => {
    const { state, client } = await streamWith('stream-drip-ms=30');
    expect(state.status).toBe('success');
    expect(state.content).toBe(await firstDeltas(client, 10_000));
  });
});
