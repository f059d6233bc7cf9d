import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { createSimulator } from '@inference-infra/mock-server';
import { parsedOrText, sendRaw } from '@inference-infra/test-kit/rawHttp';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackUpstream } from '../test/loopbackUpstream.js';
import type { ApiRouteOptions } from './apiRouteOptions.js';
import { createApiRoute } from './createApiRoute.js';
import { toNodeListener } from './toNodeListener.js';

const apiKey = 'ii_live_nodelistener';
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = undefined;
});

/** The route behind `toNodeListener` on a real loopback server, in front of an upstream that counts its calls. */
async function listening(options: Partial<ApiRouteOptions> = {}) {
  const simulator = createSimulator({ keys: [apiKey], streamEventIntervalMs: 0 });
  const route = createApiRoute({
    apiKey,
    baseUrl: 'http://127.0.0.1:4010/v1',
    platformUrl: 'http://127.0.0.1:4011',
    fetch: simulator.fetch,
    operations: ['createChatCompletion', 'resizeVolume'],
    ...options,
  });
  server = createServer(toNodeListener(route));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { port, upstreamCalls: () => simulator.state.requests.length };
}

/**
 * An app that guards `/v1/` with its own login, as an Express app would with `app.use('/v1', login)`, in front of
 * the route's listener, the route in front of a real loopback upstream.
 */
async function guardedApp() {
  const upstream = await loopbackUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  const route = createApiRoute({
    apiKey,
    baseUrl: `${upstream.origin}/v1`,
    platformUrl: upstream.origin,
    operations: ['createChatCompletion'],
  });
  const listener = toNodeListener(route);
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if ((path === '/v1' || path.startsWith('/v1/')) && req.headers.cookie !== 'session=ok') {
      res.writeHead(401).end('sign in');
      return;
    }
    listener(req, res, () => res.writeHead(404).end('app: not found'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.once('close', () => void upstream.close());
  return { port, upstream };
}

const codeOf = (body: string) => (parsedOrText(body) as { error?: { code?: string } }).error?.code;

describe('toNodeListener', () => {
  it('answers a refused request whose large body is still arriving, and goes on serving', async () => {
    // The larger bodies are still being sent when the refusal is written: left unread on the socket, they reach fetch
    // as a reset once the server closes it, instead of the answer.
    const { port } = await listening({ operations: ['resizeVolume'] });
    const headers = { 'content-type': 'application/json' };
    for (const bytes of [2_000_000, 8_000_000, 48_000_000]) {
      const body = JSON.stringify({ model: 'm', input: 'x'.repeat(bytes) });
      const refused = await fetch(`http://127.0.0.1:${port}/v1/embeddings`, {
        method: 'POST',
        headers,
        body,
      });
      expect(refused.status, `${bytes} bytes`).toBe(403);
      expect(codeOf(await refused.text())).toBe('operation_not_allowed');
      const tooLarge = await fetch(`http://127.0.0.1:${port}/api/v1/storage/vol_training`, {
        method: 'PATCH',
        headers,
        body,
      });
      expect(tooLarge.status, `${bytes} bytes`).toBe(413);
      expect(codeOf(await tooLarge.text())).toBe('body_too_large');
    }
    const types = await fetch(`http://127.0.0.1:${port}/api/v1/instances/types`);
    expect(types.status).toBe(200);
    // Six bodies of up to 48 MB built and sent over loopback: over the suite's 15 s on a loaded 2-core machine.
  }, 60_000);

  it.each([
    ['a ".." id', 'PATCH /api/v1/storage/.. HTTP/1.1', 400, 'invalid_path'],
    ['an encoded "..", in any case', 'PATCH /api/v1/storage/%2E%2e HTTP/1.1', 400, 'invalid_path'],
    [
      'a path that climbs into another operation',
      'GET /api/v1/storage/../instances/types HTTP/1.1',
      400,
      'invalid_path',
    ],
    ['an absolute-form target that is no URL', 'GET http://[/ HTTP/1.1', 400, 'malformed_request_target'],
    ['a method fetch cannot carry', 'TRACE /api/v1/instances/types HTTP/1.1', 405, 'method_not_allowed'],
  ])('refuses %s without an upstream call', async (_name, requestLine, status, code) => {
    const { port, upstreamCalls } = await listening();
    const body = '{"size_gb":200}';
    const bytes = `${requestLine}\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    const answer = await sendRaw(port, { bytes });
    expect(answer.status).toBe(status);
    expect(codeOf(answer.body)).toBe(code);
    expect(upstreamCalls()).toBe(0);
  });

  it.each([
    ['no Host (HTTP/1.0)', 'GET /api/v1/instances/types HTTP/1.0\r\n'],
    ['a Host that is no name', 'GET /api/v1/instances/types HTTP/1.1\r\nHost: a b\r\n'],
    ['a Host with a path', 'GET /api/v1/instances/types HTTP/1.1\r\nHost: 127.0.0.1/x\r\n'],
  ])('answers 400 for %s, sending nothing', async (_name, head) => {
    const { port, upstreamCalls } = await listening();
    const answer = await sendRaw(port, { bytes: `${head}\r\n` });
    expect(answer.status).toBe(400);
    expect(codeOf(answer.body)).toBe('malformed_host');
    expect(upstreamCalls()).toBe(0);
  });

  it('keeps serving after a body that ends early (the sender went away), having sent nothing', async () => {
    const { port, upstreamCalls } = await listening();
    const cut = await sendRaw(port, {
      bytes:
        'PATCH /api/v1/storage/vol_training HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"size',
      closeAfterSend: true,
    });
    expect(['closed', 'answered', 'reset']).toContain(cut.ended);
    const next = await sendRaw(port, {
      bytes: 'GET /api/v1/instances/types HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    });
    expect(next.status).toBe(200);
    expect(upstreamCalls()).toBe(1);
  });

  it('answers 413 to a chunked body past maxBodyBytes while it is still coming, and then takes the next request', async () => {
    const { port, upstreamCalls } = await listening({ maxBodyBytes: 64 });
    const chunk = `{"model":"m","messages":[{"role":"user","content":"${'x'.repeat(200)}"}]}`;
    const text = await converse(port, [
      {
        send: `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n`,
        until: /body_too_large.*\r\n0\r\n\r\n$/s,
      },
      // The rest of the refused body, then a read on the same connection.
      {
        send: `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\nGET /api/v1/instances/types HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
        until: /HTTP\/1\.1 200 .*"meta"/s,
      },
    ]);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/HTTP\/1\.1 200 .*"meta"/s);
    expect(upstreamCalls()).toBe(1);
  });

  it('passes a stream on event by event, and aborts the upstream call when the page goes away', async () => {
    let upstreamSignal: AbortSignal | undefined;
    let upstreamCancelled = false;
    const encoder = new TextEncoder();
    const slowStream: typeof fetch = async (_url, init) => {
      upstreamSignal = init?.signal ?? undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('data: {"first":true}\n\n'));
          // The second event never comes: the first must reach the page without waiting for it.
        },
        cancel() {
          upstreamCancelled = true;
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const { port } = await listening({ fetch: slowStream });
    const first = await new Promise<string>((resolve, reject) => {
      const chat = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true });
      const sent = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v1/chat/completions',
          headers: { 'content-type': 'application/json' },
        },
        (answer) => {
          answer.setEncoding('utf8');
          answer.once('data', (chunk: string) => {
            resolve(chunk);
            sent.destroy();
          });
        },
      );
      sent.on('error', () => {});
      sent.once('timeout', () => reject(new Error('no first event')));
      sent.end(chat);
    });
    expect(first).toBe('data: {"first":true}\n\n');
    await expect.poll(() => upstreamSignal?.aborted).toBe(true);
    await expect.poll(() => upstreamCancelled).toBe(true);
  });

  it.each([
    ['a backslash the URL parser reads as "/"', 'POST /v1\\chat/completions'],
    ['a "..\\" climbing out of /api', 'POST /api/..\\v1/chat/completions'],
    ['a "%2e%2e" climbing out of /api', 'POST /api/%2e%2e/v1/chat/completions'],
    ['an encoded "..\\" climbing out of /api', 'POST /api/..%5Cv1/chat/completions'],
  ])("refuses %s with 400, where the app's /v1 guard read another path", async (_name, requestLine) => {
    const { port, upstream } = await guardedApp();
    const body = '{"model":"m","messages":[{"role":"user","content":"hi"}]}';
    const head = `Host: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}`;
    const answer = await sendRaw(port, { bytes: `${requestLine} HTTP/1.1\r\n${head}\r\n\r\n${body}` });
    expect(answer.status).toBe(400);
    expect(codeOf(answer.body)).toBe('invalid_path');
    // The guard does stand in front of the route's own spelling of the path.
    const guarded = await sendRaw(port, {
      bytes: `POST /v1/chat/completions HTTP/1.1\r\n${head}\r\n\r\n${body}`,
    });
    expect(guarded.status).toBe(401);
    expect(upstream.seen).toHaveLength(0);
  });

  it("passes the app's own odd paths to next, judging only paths that read as the API's", async () => {
    const { port, upstream } = await guardedApp();
    const answer = await sendRaw(port, { bytes: 'GET /files/a;b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' });
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('app: not found');
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses a request that sends two Host headers (each layer in front may read another one)', async () => {
    const { port, upstream } = await guardedApp();
    const answer = await sendRaw(port, {
      bytes: 'GET /api/v1/instances/types HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n',
    });
    expect(answer.status).toBe(400);
    expect(codeOf(answer.body)).toBe('malformed_host');
    expect(answer.body).toContain('sent 2 times');
    const one = await sendRaw(port, {
      bytes: 'GET /api/v1/instances/types HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    });
    expect(one.status).toBe(200);
    expect(upstream.seen).toHaveLength(1);
  });
});

/** A conversation on one connection: each step's bytes, then a wait until what came back matches (3 s at most). */
async function converse(port: number, steps: { send: string; until: RegExp }[]): Promise<string> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.setEncoding('latin1');
  let text = '';
  let closed = false;
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('close', () => {
    closed = true;
  });
  socket.on('error', () => {});
  await once(socket, 'connect');
  try {
    for (const step of steps) {
      if (closed) break;
      socket.write(step.send);
      await expect.poll(() => step.until.test(text) || closed, { timeout: 3000 }).toBe(true);
    }
  } finally {
    socket.destroy();
  }
  return text;
}
