import type { ChatCompletionChunk } from '@inference-infra/types';
import { describe, expect, inject, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  ClientConfigError,
  type ClientOptions,
  createClient,
  InternalServerError,
  RateLimitError,
  StreamIdleTimeoutError,
} from './index.js';

// The run's simulator over real HTTP on 127.0.0.1; each test asks it for one stream fault with `X-Simulate`.
const apiKey = 'ii_live_streamfaults0123456789';
const baseUrl = inject('mockBaseUrl');
const body = {
  model: 'm',
  messages: [{ role: 'user' as const, content: 'tell me about volumes' }],
  stream: true as const,
};

function clientWith(options: ClientOptions = {}) {
  const fetch = vi.fn(globalThis.fetch);
  return { client: createClient({ apiKey, baseUrl, fetch, ...options }), fetch };
}

/** The chunks read before the stream ended, and how it ended. */
async function read(stream: AsyncIterable<ChatCompletionChunk>) {
  const chunks: ChatCompletionChunk[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks, error: undefined };
  } catch (error) {
    return { chunks, error };
  }
}

const textOf = (chunks: ChatCompletionChunk[]) =>
  chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');

describe('a stream that falls silent', () => {
  it('ends with StreamIdleTimeoutError past streamIdleTimeoutMs, the chunks before it kept, never retried', async () => {
    const { client, fetch } = clientWith({ streamIdleTimeoutMs: 200 });
    const stream = await client.chat.completions.create(body, {
      headers: { 'x-simulate': 'stream-stall-after=3;stream-stall-ms=600000' },
    });
    const { chunks, error } = await read(stream);
    expect(chunks).toHaveLength(3);
    expect(error).toBeInstanceOf(StreamIdleTimeoutError);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    const idle = error as StreamIdleTimeoutError;
    expect(idle).toMatchObject({ chunks: 3, idleTimeoutMs: 200, origin: new URL(baseUrl).origin });
    expect(idle.message).toMatch(/silent for over 200 ms \(streamIdleTimeoutMs\) after 3 chunks/);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes the bound per call, over the client option', async () => {
    const { client } = clientWith({ streamIdleTimeoutMs: 600_000 });
    const stream = await client.chat.completions.create(body, {
      streamIdleTimeoutMs: 150,
      headers: { 'x-simulate': 'stream-stall-after=0;stream-stall-ms=600000' },
    });
    const { chunks, error } = await read(stream);
    expect(chunks).toHaveLength(0);
    expect(error).toMatchObject({ name: 'StreamIdleTimeoutError', chunks: 0, idleTimeoutMs: 150 });
  });

  it('lets a stall shorter than the bound pass, and a drip within it: the whole answer arrives', async () => {
    const { client } = clientWith({ streamIdleTimeoutMs: 10_000 });
    const plain = await read(await client.chat.completions.create(body));
    for (const fault of ['stream-stall-after=2;stream-stall-ms=100', 'stream-drip-ms=15']) {
      const faulted = await read(
        await client.chat.completions.create(body, { headers: { 'x-simulate': fault } }),
      );
      expect(faulted.error, fault).toBeUndefined();
      expect(textOf(faulted.chunks), fault).toBe(textOf(plain.chunks));
    }
  });

  it('ends a drip slower than the bound after its first chunk', async () => {
    const { client } = clientWith({ streamIdleTimeoutMs: 100 });
    const stream = await client.chat.completions.create(body, {
      headers: { 'x-simulate': 'stream-drip-ms=60000' },
    });
    const { chunks, error } = await read(stream);
    expect(chunks).toHaveLength(1);
    expect(error).toMatchObject({ name: 'StreamIdleTimeoutError', chunks: 1 });
  });

  it('refuses a bound that is not a whole number of milliseconds, naming the option, without sending', async () => {
    expect(() => createClient({ apiKey, baseUrl, streamIdleTimeoutMs: 0 })).toThrow(
      /streamIdleTimeoutMs must be a whole number from 1 to 2147483647 \(got 0\)/,
    );
    const { client, fetch } = clientWith();
    await expect(client.chat.completions.create(body, { streamIdleTimeoutMs: 1.5 })).rejects.toThrow(
      ClientConfigError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a stream that fails after it started', () => {
  it("throws the spec's error event as the APIError of its status, after the chunks before it, never retried", async () => {
    const { client, fetch } = clientWith();
    const stream = await client.chat.completions.create(body, {
      headers: { 'x-simulate': 'stream-error-after=3' },
    });
    const { chunks, error } = await read(stream);
    expect(chunks).toHaveLength(3);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 500, code: 'simulated_stream_failure' });
    expect((error as InternalServerError).requestId).toBe(stream.requestId);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives a 429 error event its own class', async () => {
    const { client } = clientWith();
    const stream = await client.chat.completions.create(body, {
      headers: { 'x-simulate': 'stream-error-after=1;stream-error-status=429' },
    });
    const { chunks, error } = await read(stream);
    expect(chunks).toHaveLength(1);
    expect(error).toBeInstanceOf(RateLimitError);
  });

  it('throws APIConnectionError naming a frame that is not JSON, after the chunks before it', async () => {
    const { client } = clientWith();
    const stream = await client.chat.completions.create(body, {
      headers: { 'x-simulate': 'stream-malformed-after=2' },
    });
    const { chunks, error } = await read(stream);
    expect(chunks).toHaveLength(2);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/A stream event is not JSON: \{"id":"chatcmpl-broken"/);
  });
});
