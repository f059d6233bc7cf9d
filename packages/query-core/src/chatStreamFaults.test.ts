import {
  APIConnectionError,
  createClient,
  InternalServerError,
  StreamIdleTimeoutError,
} from '@inference-infra/fetch-client';
import { QueryClient } from '@tanstack/query-core';
import { describe, expect, inject, it } from 'vitest';
import { type ChatCompletionStreamState, chatStreamReducer, idleChatStream } from './chatStreamReducer.js';
import { createChatStreamSession } from './chatStreamSession.js';
import { inferenceInfraKeys } from './queryKeys.js';
import { chatCompletionStreamQueryOptions } from './queryOptions.gen.js';

// The shared state every framework's stream holder runs (React, Vue, Svelte, Solid, Angular), against the run's
// simulator over HTTP on 127.0.0.1, with one of its stream faults asked for on every request of the client.
const body = { model: 'llama-3.1-8b-instruct', messages: [{ role: 'user' as const, content: 'Say hi' }] };
// No pause between events but the fault's, so the stall is the only silence the bound sees.
const fast = 'stream-drip-ms=0';

const clientWith = (fault: string) =>
  createClient({
    apiKey: 'ii_live_corestreamfaults01',
    baseUrl: inject('mockBaseUrl'),
    streamIdleTimeoutMs: 300,
    headers: { 'x-simulate': `${fast};${fault}` },
  });

/** Runs one streamed answer through the session into the reducer, until it leaves `streaming`. */
async function session(fault: string): Promise<ChatCompletionStreamState> {
  let state = idleChatStream;
  let settle: (state: ChatCompletionStreamState) => void = () => undefined;
  const settled = new Promise<ChatCompletionStreamState>((resolve) => {
    settle = resolve;
  });
  const running = createChatStreamSession((event) => {
    state = chatStreamReducer(state, event);
    if (state.status !== 'streaming') settle(state);
  });
  running.start(clientWith(fault), body);
  return settled;
}

/** The text of the first `count` deltas of the answer the simulator streams for `body`. */
async function firstDeltas(count: number): Promise<string> {
  const stream = await clientWith('').chat.completions.create({ ...body, stream: true });
  const deltas: string[] = [];
  for await (const chunk of stream) deltas.push(chunk.choices[0]?.delta.content ?? '');
  return deltas.slice(0, count).join('');
}

describe('a chat stream that fails midway, in the state every framework holds', () => {
  it('reaches error with StreamIdleTimeoutError when the stream stalls past its bound, the text so far kept', async () => {
    const state = await session('stream-stall-after=4;stream-stall-ms=600000');
    expect(state.status).toBe('error');
    expect(state.error).toBeInstanceOf(StreamIdleTimeoutError);
    expect(state.error).toMatchObject({ chunks: 4, idleTimeoutMs: 300 });
    expect(state.content).toBe(await firstDeltas(4));
    expect(state.content.length).toBeGreaterThan(0);
    expect(state.message).toBeNull();
  });

  it("reaches error with the spec's error event as its typed APIError, the text so far kept", async () => {
    const state = await session('stream-error-after=4');
    expect(state.status).toBe('error');
    expect(state.error).toBeInstanceOf(InternalServerError);
    expect(state.content).toBe(await firstDeltas(4));
  });

  it('reaches error with APIConnectionError on a frame that is not JSON, the text so far kept', async () => {
    const state = await session('stream-malformed-after=3');
    expect(state.status).toBe('error');
    expect(state.error).toBeInstanceOf(APIConnectionError);
    expect(state.content).toBe(await firstDeltas(3));
  });

  it('reaches success through a drip and a stall within the bound', async () => {
    const state = await session('stream-drip-ms=20;stream-stall-after=2;stream-stall-ms=100');
    expect(state.status).toBe('success');
    expect(state.content).toBe(await firstDeltas(10_000));
  });

  it('fails a streamed query with the same error, the chunks so far kept as its data, not retried', async () => {
    const queryClient = new QueryClient();
    const options = chatCompletionStreamQueryOptions(
      clientWith('stream-stall-after=3;stream-stall-ms=600000'),
      body,
    );
    await expect(queryClient.fetchQuery(options)).rejects.toBeInstanceOf(StreamIdleTimeoutError);
    const query = queryClient.getQueryState(inferenceInfraKeys.chat.stream(body));
    expect(query?.status).toBe('error');
    expect(query?.fetchFailureCount).toBe(1);
    expect(query?.data).toHaveLength(3);
  });
});
