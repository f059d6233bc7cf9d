import { getEventListeners } from 'node:events';
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { watchUnhandledRejections } from '@inference-infra/test-kit/unhandledRejections';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ClientConfigError,
  createClient,
  InternalServerError,
  RateLimitError,
} from './index.js';
import { drain } from './test/drain.js';
import { type Fault, startFaultServer } from './test/faultServer.js';

let server: Awaited<ReturnType<typeof startFaultServer>>;
const rejections = watchUnhandledRejections();

beforeAll(async () => {
  server = await startFaultServer();
  rejections.start();
});
afterEach(() => server.resetHits());
afterAll(async () => {
  const unhandled = await rejections.stop();
  await server.close();
  expect(unhandled).toEqual([]);
});

const apiKey = 'ii_live_faulttests';

function clientFor(fault: Fault, options: { maxRetries?: number; timeoutMs?: number } = {}) {
  return createClient({
    apiKey,
    baseUrl: `${server.url}/v1`,
    platformUrl: server.url,
    headers: { 'x-fault': fault },
    ...options,
  });
}

const chatBody = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('connection reset', () => {
  it('retries a read up to maxRetries, then throws APIConnectionError', async () => {
    const error = await clientFor('reset', { maxRetries: 2 })
      .instances.listTypes()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).operation?.operationId).toBe('listInstanceTypes');
    expect(server.hits('reset')).toBe(3);
  });

  it('never repeats a billable call the server may have received', async () => {
    const error = await clientFor('reset', { maxRetries: 2 })
      .embeddings.create({ model: 'm', input: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(server.hits('reset')).toBe(1);
  });
});

/** A port on 127.0.0.1 that nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as { port: number };
  await new Promise((resolve) => listener.close(resolve));
  return port;
}

describe('an address that refuses the connection', () => {
  it('names the origin it could not reach, in the message and as `origin`, without the path or query', async () => {
    const port = await closedPort();
    const error = await createClient({ apiKey, baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 })
      .embeddings.create({ model: 'm', input: 'x' }, { headers: { 'x-trace': 'query-free' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    const { origin, message } = error as APIConnectionError;
    expect(origin).toBe(`http://127.0.0.1:${port}`);
    expect(message).toBe(`Connection to http://127.0.0.1:${port} failed: createEmbeddings: ECONNREFUSED`);
    const listed = await createClient({ apiKey, platformUrl: `http://127.0.0.1:${port}`, maxRetries: 0 })
      .billing.listTransactions({ limit: 3 })
      .catch((e: unknown) => e);
    expect((listed as APIConnectionError).origin).toBe(`http://127.0.0.1:${port}`);
    expect((listed as Error).message).not.toMatch(/limit|transactions/);
  });

  it('names an origin on the default port as URL.origin does', async () => {
    const fetch = () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } }));
    const error = await createClient({ apiKey, baseUrl: 'https://api.invalid/v1', fetch, maxRetries: 0 })
      .embeddings.create({ model: 'm', input: 'x' })
      .catch((e: unknown) => e);
    expect((error as APIConnectionError).origin).toBe('https://api.invalid');
    expect((error as Error).message).toMatch(/^Connection to https:\/\/api\.invalid failed: .*ENOTFOUND$/);
  });

  it('refuses a base address that holds credentials when the client is made, never showing them', () => {
    // fetch would refuse such a URL at every call, with an error that quotes it whole, key included.
    for (const [option, url] of [
      ['baseUrl', `http://proxy-user:${apiKey}@127.0.0.1:4010/v1`],
      ['platformUrl', `https://${apiKey}@platform.example.com`],
    ] as const) {
      const made = () => createClient({ apiKey, [option]: url });
      expect(made).toThrow(ClientConfigError);
      expect(made).toThrow(new RegExp(`^${option} must not hold credentials$`));
    }
  });
});

describe('server failures', () => {
  it('retries a 500 on a read and returns the answer that follows', async () => {
    const page = await clientFor('error-500-then-ok').instances.listTypes();
    expect(page.data).toHaveLength(1);
    expect(server.hits('error-500-then-ok')).toBe(2);
  });

  it('does not retry a 500 on a state-changing call', async () => {
    const error = await clientFor('error-500-then-ok')
      .storage.resize('vol_1', { size_gb: 500 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(server.hits('error-500-then-ok')).toBe(1);
  });

  it('waits for Retry-After on a 429, even for a billable call, since the server did not act', async () => {
    const started = Date.now();
    const page = await clientFor('rate-limited-then-ok').instances.listTypes();
    expect(page.data).toHaveLength(1);
    // A lower bound only: the wait may be longer on a busy machine, never shorter than asked.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    server.resetHits();
    await clientFor('rate-limited-then-ok')
      .embeddings.create({ model: 'm', input: 'x' })
      .catch(() => undefined);
    expect(server.hits('rate-limited-then-ok')).toBe(2);
    // The retry sends the same body again.
    expect(server.bodies('rate-limited-then-ok')).toEqual(Array(2).fill('{"model":"m","input":"x"}'));
  });

  it('turns an HTML 502 page into an InternalServerError that shows the start of the page', async () => {
    const error = await clientFor('html-502', { maxRetries: 0 })
      .instances.listTypes()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(502);
    expect((error as InternalServerError).message).toMatch(/non-JSON body: <html>/);
  });
});

describe('broken answers', () => {
  it('throws APIConnectionTimeoutError when the headers are slower than the timeout', async () => {
    const error = await clientFor('slow-headers', { timeoutMs: 200, maxRetries: 0 })
      .instances.listTypes()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toMatch(/200 ms/);
    expect((error as APIConnectionTimeoutError).origin).toBe(new URL(server.url).origin);
    expect((error as Error).message).toContain(`from ${new URL(server.url).origin} `);
  });

  it('throws APIConnectionError on a body cut off before its Content-Length', async () => {
    const error = await clientFor('truncated-json', { maxRetries: 0 })
      .instances.listTypes()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
  });

  it('throws APIConnectionError on a complete body that is not JSON', async () => {
    const error = await clientFor('invalid-json', { maxRetries: 0 })
      .instances.listTypes()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/not valid JSON/);
  });

  it('throws APIUserAbortError when the caller aborts a body that never ends', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await clientFor('never-ending-body', { maxRetries: 0 })
      .instances.listTypes({}, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});

describe('streams', () => {
  it('throws APIConnectionError when the stream is cut before [DONE], after the chunks that came', async () => {
    const stream = await clientFor('stream-cut').chat.completions.create({ ...chatBody, stream: true });
    expect(stream.requestId).toBe('req_fault_stream');
    const received: string[] = [];
    const error = await (async () => {
      for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    // What came before the cut is delivered in order; how much of it depends on when the cut lands, because an
    // errored web stream drops chunks its reader has not taken yet.
    expect(['Hello', ' wor'].slice(0, received.length)).toEqual(received);
    expect(error).toBeInstanceOf(APIConnectionError);
    // Named like a call's connection error: the origin the stream came from, in the message and as `origin`.
    expect((error as APIConnectionError).origin).toBe(new URL(server.url).origin);
    expect((error as Error).message).toContain(`(from ${new URL(server.url).origin})`);
  });

  it('throws the APIError of an error event inside the stream', async () => {
    const stream = await clientFor('stream-error-event').chat.completions.create({
      ...chatBody,
      stream: true,
    });
    const error = await drain(stream);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).message).toMatch(/model crashed/);
  });

  it('ends a never-ending stream on abort()', async () => {
    const stream = await clientFor('never-ending-stream').chat.completions.create({
      ...chatBody,
      stream: true,
    });
    let chunks = 0;
    const error = await (async () => {
      for await (const _chunk of stream) {
        if (++chunks === 3) stream.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(chunks).toBe(3);
  });

  it('ends a never-ending stream when the caller signal aborts', async () => {
    const controller = new AbortController();
    const stream = await clientFor('never-ending-stream').chat.completions.create(
      { ...chatBody, stream: true },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 100);
    const error = await drain(stream);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it('frees the connection when the loop breaks early', async () => {
    const stream = await clientFor('never-ending-stream').chat.completions.create({
      ...chatBody,
      stream: true,
    });
    for await (const _chunk of stream) break;
    // The server sees its response closed: the connection is not left streaming into nowhere.
    await vi.waitFor(() => expect(server.closed('never-ending-stream')).toBe(1), { timeout: 2_000 });
    // A second loop is refused.
    expect(await drain(stream)).toEqual(
      expect.objectContaining({ message: expect.stringMatching(/read once/) }),
    );
  });
});

describe('streams and the caller signal', () => {
  it('bounds the read of a failure status by the timeout, though the call is a stream', async () => {
    const error = await clientFor('stream-error-status-stalls', { timeoutMs: 300 })
      .chat.completions.create({ ...chatBody, stream: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(server.hits('stream-error-status-stalls')).toBe(1);
  });

  it('takes the status of an error event from its type', async () => {
    const stream = await clientFor('stream-rate-limited-event').chat.completions.create({
      ...chatBody,
      stream: true,
    });
    const error = await drain(stream);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).status).toBe(429);
  });

  it('leaves no listener on a long-lived signal once a stream has ended, or failed to start', async () => {
    const appWide = new AbortController();
    for (let round = 0; round < 3; round++) {
      const stream = await clientFor('stream-error-event').chat.completions.create(
        { ...chatBody, stream: true },
        { signal: appWide.signal },
      );
      await drain(stream);
    }
    await clientFor('reset')
      .chat.completions.create({ ...chatBody, stream: true }, { signal: appWide.signal })
      .catch(() => undefined);
    expect(getEventListeners(appWide.signal, 'abort')).toHaveLength(0);
  });
});

describe('a server that echoes the key', () => {
  const shown = (error: unknown) => {
    const failure = error as Error;
    return [
      failure.message,
      String(failure),
      JSON.stringify(failure),
      inspect(failure, { depth: 10 }),
      failure.stack,
    ];
  };

  it('gets its echo redacted from the error message, body, headers and JSON', async () => {
    const error = await clientFor('echo-key')
      .instances.listTypes()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toMatch(/Invalid key: Bearer \[redacted\]/);
    expect((error as AuthenticationError).headers.get('www-authenticate')).toBe('Bearer [redacted]');
    for (const text of shown(error)) expect(text).not.toContain(apiKey);
  });

  it('gets it redacted from an error event inside a stream too', async () => {
    const stream = await clientFor('stream-rate-limited-event').chat.completions.create({
      ...chatBody,
      stream: true,
    });
    const error = await drain(stream);
    expect((error as Error).message).toMatch(/\[redacted\]/);
    for (const text of shown(error)) expect(text).not.toContain(apiKey);
  });
});
