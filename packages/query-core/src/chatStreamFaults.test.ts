import * as fetchClient from '@inference-infra/fetch-client';
import { errorClassIn, faultPrompt, streamFaultScenarios } from '@inference-infra/test-kit/streamFaults';
import { QueryClient } from '@tanstack/query-core';
import { describe, expect, inject, it } from 'vitest';
import { type ChatCompletionStreamState, chatStreamReducer, idleChatStream } from './chatStreamReducer.js';
import { createChatStreamSession } from './chatStreamSession.js';
import { inferenceInfraKeys } from './queryKeys.js';
import { chatCompletionStreamQueryOptions } from './queryOptions.gen.js';
import { streamedText } from './test/streamedText.js';

// The shared state every framework's stream holder runs (React, Vue, Svelte, Solid, Angular), and the streamed query,
// against the run's simulator over HTTP on 127.0.0.1, with one of its stream faults asked for on every request of
// the client: the table each framework's browser app and the React hook run too.
const apiKey = 'ii_live_corestreamfaults01';
const body = { model: 'llama-3.1-8b-instruct', messages: [{ role: 'user' as const, content: faultPrompt }] };

const clientWith = (fault: string, streamIdleTimeoutMs: number) =>
  fetchClient.createClient({
    apiKey,
    baseUrl: inject('mockBaseUrl'),
    streamIdleTimeoutMs,
    headers: { 'x-simulate': fault },
  });

/** Runs one streamed answer through the session into the reducer, until it leaves `streaming`. */
async function session(fault: string, streamIdleTimeoutMs: number): Promise<ChatCompletionStreamState> {
  let state = idleChatStream;
  let settle: (state: ChatCompletionStreamState) => void = () => undefined;
  const settled = new Promise<ChatCompletionStreamState>((resolve) => {
    settle = resolve;
  });
  const running = createChatStreamSession((event) => {
    state = chatStreamReducer(state, event);
    if (state.status !== 'streaming') settle(state);
  });
  running.start(clientWith(fault, streamIdleTimeoutMs), body);
  return settled;
}

const kept = (count: number | 'all') => streamedText(inject('mockBaseUrl'), apiKey, faultPrompt, count);

describe.each(streamFaultScenarios)('$title', ({ fault, streamIdleTimeoutMs, eventsKept, dripMs, error }) => {
  it(`reaches ${error ? 'error with that error' : 'success'} in the state every framework holds, the text so far kept`, async () => {
    const state = await session(fault, streamIdleTimeoutMs);
    const expected = await kept(eventsKept);
    expect(state.content).toBe(expected.text);
    expect(state.content.length).toBeGreaterThan(0);
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

  it(`${error ? 'fails' : 'fills'} a streamed query the same way, the events so far kept as its data, not retried`, async () => {
    const queryClient = new QueryClient();
    const options = chatCompletionStreamQueryOptions(clientWith(fault, streamIdleTimeoutMs), body);
    const fetched = queryClient.fetchQuery(options);
    if (error) await expect(fetched).rejects.toBeInstanceOf(errorClassIn(fetchClient, error.name));
    else await fetched;
    const query = queryClient.getQueryState(inferenceInfraKeys.chat.stream(body));
    const expected = await kept(eventsKept);
    expect(query?.status).toBe(error ? 'error' : 'success');
    expect(query?.error?.name).toBe(error?.name);
    expect(query?.fetchFailureCount).toBe(error ? 1 : 0);
    expect(query?.data).toHaveLength(eventsKept === 'all' ? expected.events : eventsKept);
    expect(query?.data?.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(expected.text);
  });
});

describe('a chat stream that pauses within its bound', () => {
  it('reaches success through a drip and a stall shorter than the bound', async () => {
    const state = await session('stream-drip-ms=20;stream-stall-after=2;stream-stall-ms=100', 300);
    expect(state.status).toBe('success');
    expect(state.content).toBe((await kept('all')).text);
  });
});
