import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ChatCompletionChunk, CreateChatCompletionBody } from '@inference-infra/types';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, RateLimitError } from './index.js';
import { EventStream } from './stream.js';
import { startFaultServer } from './test/faultServer.js';

const apiKey = 'ii_live_streamproxytests';
const messages = [{ role: 'user' as const, content: 'What is a persistent volume?' }];

let faults: Awaited<ReturnType<typeof startFaultServer>>;
let proxy: Server;
let proxyUrl: string;
const authorizationSeen: Array<string | undefined> = [];

/**
 * An app's own server route: it holds the key, calls the API, and passes the stream on to the browser as
 * `stream.toReadableStream()`. `x-fault` picks the fault server as its upstream instead of the mock.
 */
beforeAll(async () => {
  faults = await startFaultServer();
  const upstream = createClient({ apiKey, baseUrl: inject('mockBaseUrl') });
  const faulty = createClient({ apiKey, baseUrl: `${faults.url}/v1`, maxRetries: 0 });
  proxy = createServer(async (req, res) => {
    authorizationSeen.push(req.headers.authorization);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as CreateChatCompletionBody & { stream: true };
    const fault = req.headers['x-fault'] as string | undefined;
    const client = fault ? faulty.withOptions({ headers: { 'x-fault': fault } }) : upstream;
    const stream = await client.chat.completions.create({ ...body, stream: true });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': stream.requestId ?? '' });
    Readable.fromWeb(stream.toReadableStream() as import('node:stream/web').ReadableStream).pipe(res);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await faults.close();
});

const contentOf = (chunks: ChatCompletionChunk[]) =>
  chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');

describe("a stream passed on through the app's own server", () => {
  it('reads back as the same typed chunks with EventStream.fromReadableStream()', async () => {
    const direct = await createClient({ apiKey, baseUrl: inject('mockBaseUrl') }).chat.completions.create({
      model: 'm',
      messages,
    });
    const response = await fetch(`${proxyUrl}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages }),
    });
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of EventStream.fromReadableStream<ChatCompletionChunk>(
      response.body as ReadableStream,
    ))
      chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]?.object).toBe('chat.completion.chunk');
    expect(contentOf(chunks)).toBe(direct.choices[0]?.message.content);
  });

  it('serves a keyless client pointed at the route: no key leaves the browser', async () => {
    const browserSide = createClient({ apiKey: null, baseUrl: `${proxyUrl}/v1` });
    const stream = await browserSide.chat.completions.create({ model: 'm', messages, stream: true });
    expect(stream.requestId).toMatch(/^req_/);
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(contentOf(chunks).length).toBeGreaterThan(0);
    expect(authorizationSeen.at(-1)).toBeUndefined();
  });

  it('passes an error event on as the same typed error, the key still redacted', async () => {
    const browserSide = createClient({
      apiKey: null,
      baseUrl: `${proxyUrl}/v1`,
      headers: { 'x-fault': 'stream-rate-limited-event' },
    });
    const stream = await browserSide.chat.completions.create({ model: 'm', messages, stream: true });
    const contents: string[] = [];
    const error = await (async () => {
      for await (const chunk of stream) contents.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(contents).toEqual(['Hello']);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).message).toContain('[redacted]');
    expect(JSON.stringify(error)).not.toContain(apiKey);
  });

  it('ends the upstream stream when the reader cancels', async () => {
    const upstream = await createClient({
      apiKey,
      baseUrl: `${faults.url}/v1`,
      headers: { 'x-fault': 'never-ending-stream' },
    }).chat.completions.create({ model: 'm', messages, stream: true });
    const reader = upstream.toReadableStream().getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await expect.poll(() => faults.closed('never-ending-stream')).toBe(1);
  });
});
