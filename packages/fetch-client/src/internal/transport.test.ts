import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError } from '../errors.js';
import { createClient } from '../index.js';
import { startFaultServer } from '../test/faultServer.js';
import { createLog } from './logger.js';
import { defaultRetryPolicy } from './retryPolicy.js';
import { createCallTransport } from './transport.js';

const operation = { method: 'POST', path: '/embeddings', operationId: 'createEmbeddings' };

/** A fetch that answers from a script, one entry per attempt, and keeps what each attempt sent. */
function scriptedFetch(script: Array<Response | Error>) {
  const sent: Array<{ body: string; headers: Headers; url: string }> = [];
  const fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    sent.push({ body: await request.text(), headers: request.headers, url: request.url });
    const next = script.shift();
    if (!next) throw new Error('the script has no answer left');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const rateLimited = (headers: Record<string, string>) => new Response('{}', { status: 429, headers });
const ok = () => new Response('{"ok":true}', { status: 200 });
const connectionFailure = (code: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });

/** A transport as one call gets it; backoff of 1 ms so a retry test need not wait. */
function transportFor(
  fetch: typeof globalThis.fetch,
  options: { stateChanging?: boolean; maxRetries?: number } = {},
) {
  return createCallTransport({
    fetch,
    retry: { ...defaultRetryPolicy, initialDelayMs: 1, maxDelayMs: 1, maxRetries: options.maxRetries ?? 2 },
    timeoutMs: 10_000,
    signal: undefined,
    stateChanging: options.stateChanging ?? true,
    operation,
    baseUrl: 'http://127.0.0.1:9/v1',
    log: createLog('off', console, undefined),
  });
}

const signedRequest = () =>
  new Request('http://127.0.0.1:9/v1/embeddings', {
    method: 'POST',
    body: '{"model":"m","input":"hi","signature":"abc"}',
    headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
  });

describe('createCallTransport retries', () => {
  it('resends the request exactly as it was handed over, body and headers, on every attempt', async () => {
    const { fetch, sent } = scriptedFetch([
      rateLimited({ 'retry-after-ms': '0' }),
      rateLimited({ 'retry-after': '0' }),
      ok(),
    ]);
    const transport = transportFor(fetch);
    const response = await transport.fetch(signedRequest());
    transport.settle();
    expect(response.status).toBe(200);
    expect(sent).toHaveLength(3);
    for (const attempt of sent) {
      expect(attempt.body).toBe('{"model":"m","input":"hi","signature":"abc"}');
      expect(attempt.headers.get('x-signature')).toBe('abc');
      expect(attempt.url).toBe('http://127.0.0.1:9/v1/embeddings');
    }
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { fetch, sent } = scriptedFetch([rateLimited({ 'retry-after': new Date(0).toUTCString() }), ok()]);
    const transport = transportFor(fetch);
    expect((await transport.fetch(signedRequest())).status).toBe(200);
    transport.settle();
    expect(sent).toHaveLength(2);
  });

  it('does not wait a Retry-After longer than the cap: the 429 goes to the caller at once', async () => {
    const overCap = String(defaultRetryPolicy.maxRetryAfterMs / 1000 + 1);
    const { fetch, sent } = scriptedFetch([rateLimited({ 'retry-after': overCap }), ok()]);
    const transport = transportFor(fetch);
    expect((await transport.fetch(signedRequest())).status).toBe(429);
    transport.settle();
    expect(sent).toHaveLength(1);
  });

  it('waits a Retry-After of exactly the cap (at 0 ms here, by retry-after-ms winning over it)', async () => {
    const atCap = String(defaultRetryPolicy.maxRetryAfterMs / 1000);
    const { fetch, sent } = scriptedFetch([
      rateLimited({ 'retry-after': atCap, 'retry-after-ms': '0' }),
      ok(),
    ]);
    const transport = transportFor(fetch);
    expect((await transport.fetch(signedRequest())).status).toBe(200);
    transport.settle();
    expect(sent).toHaveLength(2);
  });

  it('retries a state-changing call whose connection was refused, since nothing reached the server', async () => {
    const { fetch, sent } = scriptedFetch([connectionFailure('ECONNREFUSED'), ok()]);
    const transport = transportFor(fetch, { stateChanging: true });
    expect((await transport.fetch(signedRequest())).status).toBe(200);
    transport.settle();
    expect(sent.map((attempt) => attempt.body)).toEqual([sent[0]?.body, sent[0]?.body]);
  });

  it('does not retry a state-changing call after a reset: the server may have acted', async () => {
    const { fetch, sent } = scriptedFetch([connectionFailure('ECONNRESET'), ok()]);
    const transport = transportFor(fetch, { stateChanging: true });
    const error = await transport.fetch(signedRequest()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/ECONNRESET/);
    expect(sent).toHaveLength(1);
  });

  it('retries a reset for a read', async () => {
    const { fetch, sent } = scriptedFetch([connectionFailure('ECONNRESET'), ok()]);
    const transport = transportFor(fetch, { stateChanging: false });
    expect((await transport.fetch(new Request('http://127.0.0.1:9/api/v1/instances/types'))).status).toBe(
      200,
    );
    transport.settle();
    expect(sent).toHaveLength(2);
  });

  it('returns a 500 of a state-changing call as it is, and retries it for a read', async () => {
    const billable = scriptedFetch([new Response('{}', { status: 500 }), ok()]);
    const billableTransport = transportFor(billable.fetch, { stateChanging: true });
    expect((await billableTransport.fetch(signedRequest())).status).toBe(500);
    billableTransport.settle();
    expect(billable.sent).toHaveLength(1);

    const read = scriptedFetch([new Response('{}', { status: 500 }), ok()]);
    const readTransport = transportFor(read.fetch, { stateChanging: false });
    expect((await readTransport.fetch(new Request('http://127.0.0.1:9/api/v1/instances/types'))).status).toBe(
      200,
    );
    readTransport.settle();
    expect(read.sent).toHaveLength(2);
  });

  it('stops after maxRetries and hands over the last answer', async () => {
    const { fetch, sent } = scriptedFetch([
      rateLimited({ 'retry-after-ms': '0' }),
      rateLimited({ 'retry-after-ms': '0' }),
      ok(),
    ]);
    const transport = transportFor(fetch, { maxRetries: 1 });
    expect((await transport.fetch(signedRequest())).status).toBe(429);
    transport.settle();
    expect(sent).toHaveLength(2);
  });
});

describe('a retry through the client, against a loopback server', () => {
  let server: Awaited<ReturnType<typeof startFaultServer>>;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(() => server.close());

  it('sends the body a middleware rewrote again on the retry, not the one the caller passed', async () => {
    const client = createClient({
      apiKey: 'ii_live_transporttests',
      baseUrl: `${server.url}/v1`,
      headers: { 'x-fault': 'rate-limited-briefly-then-ok' },
    });
    let onRequestCalls = 0;
    const signing: Middleware = {
      async onRequest({ request }) {
        onRequestCalls++;
        const body = { ...(await request.json()), signature: 'signed-once' };
        return new Request(request, { body: JSON.stringify(body) });
      },
    };
    client.use(signing);
    await client.embeddings.create({ model: 'm', input: 'hi' });
    const expected = JSON.stringify({ model: 'm', input: 'hi', signature: 'signed-once' });
    expect(server.bodies('rate-limited-briefly-then-ok')).toEqual([expected, expected]);
    // Middleware runs once per call, not once per attempt.
    expect(onRequestCalls).toBe(1);
  });
});
