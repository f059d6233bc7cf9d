import type { Middleware } from 'openapi-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../core.js';
import * as rateLimitHeaders from '../rateLimitHeaders.js';
import * as redaction from './keyRedaction.js';
import { credentialHeaders, type Logger } from './logger.js';
import * as operationAttributes from './telemetry/operationAttributes.js';

// What a call does not do when the feature behind it is not used: counted by spies on the functions that do the
// work (never by time). Each "when off" case has a "when on" twin, so a spy that sees nothing is a spy that works.

const apiKey = 'ii_live_payonlyforuse';
const baseUrl = 'https://api.test/v1';
const platformUrl = 'https://platform.test';
const embeddings = { model: 'bge', input: 'hello' };

/** A fetch that answers from memory, after the answers scripted for the first attempts; keeps each body sent. */
function inMemoryFetch(first: Response[] = []) {
  const bodies: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    bodies.push(await request.text());
    return (
      first.shift() ??
      new Response('{"data":[],"meta":{"requestId":"req_1"}}', {
        headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' },
      })
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, bodies };
}

const rateLimited = () => new Response('{}', { status: 429, headers: { 'retry-after-ms': '0' } });
const silent: Logger = { error() {}, warn() {}, info() {}, debug() {} };

/** The credential headers read during `run` (only the log's redaction reads them all). */
async function credentialHeadersReadDuring(run: () => Promise<unknown>) {
  const get = vi.spyOn(Headers.prototype, 'get');
  await run();
  const read = get.mock.calls.map(([name]) => name.toLowerCase()).filter((name) => name !== 'authorization');
  get.mockRestore();
  return read.filter((name) => credentialHeaders.includes(name));
}

afterEach(() => vi.restoreAllMocks());

describe('logging off', () => {
  it('redacts nothing and reads no credential header on a call', async () => {
    const redact = vi.spyOn(redaction, 'redactorOf');
    const client = createClient({
      apiKey,
      baseUrl,
      platformUrl,
      fetch: inMemoryFetch().fetch,
      logger: silent,
    });
    const read = await credentialHeadersReadDuring(async () => {
      await client.instances.listTypes();
      await client.embeddings.create(embeddings);
    });
    expect(read).toEqual([]);
    expect(redact).not.toHaveBeenCalled();
  });

  it('at error, still none for a call that succeeds: the secrets are read with the first line written', async () => {
    const redact = vi.spyOn(redaction, 'redactorOf');
    const { fetch } = inMemoryFetch();
    const client = createClient({ apiKey, baseUrl, fetch, logger: silent, logLevel: 'error' });
    expect(await credentialHeadersReadDuring(() => client.embeddings.create(embeddings))).toEqual([]);
    expect(redact).not.toHaveBeenCalled();
  });

  it('at info, redacts the line it writes, the credentials of the request included', async () => {
    const redact = vi.spyOn(redaction, 'redactorOf');
    const { fetch } = inMemoryFetch();
    const client = createClient({ apiKey, baseUrl, fetch, logger: silent, logLevel: 'info' });
    const read = await credentialHeadersReadDuring(() => client.embeddings.create(embeddings));
    expect(read).toEqual(expect.arrayContaining(['x-api-key', 'cookie']));
    expect(redact).toHaveBeenCalled();
  });
});

describe('a Request is copied only when nothing else can resend it', () => {
  it('copies no request of a call that could be retried but is answered at once', async () => {
    const clone = vi.spyOn(Request.prototype, 'clone');
    const client = createClient({ apiKey, baseUrl, platformUrl, fetch: inMemoryFetch().fetch });
    await client.instances.listTypes();
    await client.embeddings.create(embeddings);
    expect(clone).not.toHaveBeenCalled();
  });

  it('copies none for a retry either: the retry is rebuilt from the body sent, byte for byte', async () => {
    const clone = vi.spyOn(Request.prototype, 'clone');
    const { fetch, bodies } = inMemoryFetch([rateLimited(), rateLimited()]);
    const client = createClient({ apiKey, baseUrl, fetch });
    await client.embeddings.create(embeddings);
    expect(bodies).toEqual(Array(3).fill(JSON.stringify(embeddings)));
    expect(clone).not.toHaveBeenCalled();
  });

  it("copies a middleware's request before each attempt that a retry may follow, and only those", async () => {
    const clone = vi.spyOn(Request.prototype, 'clone');
    const { fetch, bodies } = inMemoryFetch([rateLimited()]);
    const client = createClient({ apiKey, baseUrl, fetch });
    const signing: Middleware = {
      async onRequest({ request }) {
        return new Request(request, { body: JSON.stringify({ ...(await request.json()), signed: true }) });
      },
    };
    client.use(signing);
    await client.embeddings.create(embeddings);
    const signed = JSON.stringify({ ...embeddings, signed: true });
    expect(bodies).toEqual([signed, signed]);
    // Attempts 1 and 2 of 3 may be followed by another; the middleware's body cannot be rebuilt otherwise.
    expect(clone).toHaveBeenCalledTimes(2);
  });
});

describe('what an answer builds only when asked', () => {
  it('reads no rate-limit headers for a call whose data is all that is read', async () => {
    const read = vi.spyOn(rateLimitHeaders, 'rateLimitHeaders');
    const client = createClient({ apiKey, baseUrl, fetch: inMemoryFetch().fetch });
    await client.embeddings.create(embeddings);
    expect(read).not.toHaveBeenCalled();
    const { requestId } = await client.embeddings.create(embeddings).withResponse();
    expect(requestId).toBe('req_1');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('sets no timer for an attempt answered within the task that made it, and one for an attempt that waits', async () => {
    const timeoutMs = 43_210;
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const answered = inMemoryFetch();
    const client = createClient({ apiKey, baseUrl, fetch: answered.fetch, timeoutMs });
    await client.embeddings.create(embeddings);
    const callTimers = () => timers.mock.calls.filter(([, ms]) => ms === timeoutMs);
    expect(callTimers()).toHaveLength(0);

    const waiting: typeof fetch = async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answered.fetch(input);
    };
    await createClient({ apiKey, baseUrl, fetch: waiting, timeoutMs }).embeddings.create(embeddings);
    expect(callTimers()).toHaveLength(1);
  });
});

describe('OpenTelemetry', () => {
  const span = {
    isRecording: () => false,
    setAttribute() {},
    setAttributes() {},
    addEvent() {},
    setStatus() {},
    spanContext: () => ({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 }),
    end() {},
  };
  const provider = { getTracer: () => ({ startSpan: () => span }) };

  it('with nothing registered and no provider given, a call names no span and builds no attribute', async () => {
    const names = vi.spyOn(operationAttributes, 'operationNames');
    const client = createClient({ apiKey, baseUrl, platformUrl, fetch: inMemoryFetch().fetch });
    await client.instances.listTypes();
    await client.embeddings.create(embeddings);
    expect(names).not.toHaveBeenCalled();
  });

  it('with a provider, each call names its span', async () => {
    const names = vi.spyOn(operationAttributes, 'operationNames');
    const telemetry = { tracerProvider: provider as never };
    const client = createClient({ apiKey, baseUrl, platformUrl, fetch: inMemoryFetch().fetch, telemetry });
    await client.instances.listTypes();
    await client.embeddings.create(embeddings);
    expect(names).toHaveBeenCalledTimes(2);
  });
});
