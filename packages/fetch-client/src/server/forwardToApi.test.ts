import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackUpstream } from '../test/loopbackUpstream.js';
import type { ApiRouteOptions } from './apiRouteOptions.js';
import { createApiRoute } from './createApiRoute.js';

// The route in front of real loopback upstreams: timeouts, redirects and bodies behave as they do on a socket.

const apiKey = 'ii_live_Q7fK2mZp9xRt4WbN8vLc3HsY';
const app = 'http://127.0.0.1:3000';
const servers: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function upstream(answer: Parameters<typeof loopbackUpstream>[0]) {
  const server = await loopbackUpstream(answer);
  servers.push(server);
  return server;
}

function routeTo(origin: string, options: Partial<ApiRouteOptions> = {}) {
  return createApiRoute({
    apiKey,
    baseUrl: `${origin}/v1`,
    platformUrl: origin,
    operations: ['createChatCompletion'],
    ...options,
  });
}

const chat = () =>
  new Request(`${app}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  });

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}

/** Reads a body to its end or its error: how many bytes came, and whether it was cut. */
async function readAll(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes, cut: false };
      bytes += value.byteLength;
    }
  } catch {
    return { bytes, cut: true };
  }
}

describe('forwardToApi, in front of a loopback upstream', () => {
  it('answers 504 naming upstreamTimeoutMs when the API sends no headers in time', async () => {
    const silent = await upstream(() => {
      // Never answers: the route's deadline, not the runtime's 300 s, ends the wait.
    });
    const started = Date.now();
    const error = await errorOf(await routeTo(silent.origin, { upstreamTimeoutMs: 150 })(chat()));
    expect(error).toMatchObject({ status: 504, code: 'upstream_timeout' });
    expect(error.message).toContain('upstreamTimeoutMs');
    // The route's deadline, not the runtime's 300 s: a bound far above 150 ms on a loaded machine, under the test's own.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("answers 502 to a redirect and sends the page's body and the key nowhere else", async () => {
    const elsewhere = await upstream((_req, res) => res.end('{}'));
    const redirecting = await upstream((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.origin}/v1/chat/completions` }).end();
    });
    const error = await errorOf(await routeTo(redirecting.origin)(chat()));
    expect(error).toMatchObject({ status: 502, code: 'upstream_redirected' });
    expect(redirecting.seen).toHaveLength(1);
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('asks for an uncompressed answer, and cuts one compressed anyway at maxAnswerBytes of what it inflates to', async () => {
    // 8 MiB of JSON in ~8 KiB of gzip: fetch inflates it, so the bound counts what the page would be handed.
    const inflated = `{"data":[${'0,'.repeat(4 * 1024 * 1024)}0]}`;
    const compressed = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(inflated));
    });
    const maxAnswerBytes = 256 * 1024;
    const answer = await routeTo(compressed.origin, { maxAnswerBytes })(
      new Request(`${app}/api/v1/instances/types`),
    );
    expect(answer.status).toBe(200);
    const read = await readAll(answer);
    expect(read.cut).toBe(true);
    expect(read.bytes).toBeLessThanOrEqual(maxAnswerBytes);
    expect(compressed.seen[0]?.headers['accept-encoding']).toBe('identity');
  });

  it('cuts an answer that falls silent for answerIdleTimeoutMs, and the upstream call with it', async () => {
    let upstreamClosed = false;
    const stalling = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"first":true}\n\n');
      res.once('close', () => {
        upstreamClosed = true;
      });
    });
    const answer = await routeTo(stalling.origin, { answerIdleTimeoutMs: 150 })(chat());
    expect(answer.status).toBe(200);
    const read = await readAll(answer);
    expect(read).toEqual({ bytes: 'data: {"first":true}\n\n'.length, cut: true });
    await expect.poll(() => upstreamClosed).toBe(true);
  });

  it('cuts an answer that trickles past answerTimeoutMs, never silent long enough for the idle bound', async () => {
    let upstreamClosed = false;
    const trickling = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => res.write(': still here\n\n'), 20);
      res.once('close', () => {
        clearInterval(timer);
        upstreamClosed = true;
      });
    });
    const answer = await routeTo(trickling.origin, { answerIdleTimeoutMs: 1_000, answerTimeoutMs: 300 })(
      chat(),
    );
    expect(answer.status).toBe(200);
    expect((await readAll(answer)).cut).toBe(true);
    await expect.poll(() => upstreamClosed).toBe(true);
  });

  it('hides the key in every form an upstream can echo it: a character short, base64, \\u-escaped, percent-encoded, in pieces, split across chunks', async () => {
    const secret = apiKey.slice('ii_live_'.length);
    const echoes = [
      apiKey.slice(0, -1),
      Buffer.from(`user:${apiKey}`).toString('base64'),
      [...apiKey].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
      [...Buffer.from(apiKey)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join(''),
      secret.slice(3, 13),
    ];
    const body = JSON.stringify({ error: { message: `bad key: ${echoes.join(' | ')}` } });
    const echoing = await upstream((_req, res) => {
      res.writeHead(401, `no ${apiKey.slice(0, -1)}`, {
        'content-type': 'application/json',
        'x-request-id': `req_${secret.slice(2, 12)}`,
      });
      // Three bytes a write: a form of the key split across many chunks.
      const bytes = Buffer.from(body);
      for (let at = 0; at < bytes.length; at += 3) res.write(bytes.subarray(at, at + 3));
      res.end();
    });
    const answer = await routeTo(echoing.origin)(new Request(`${app}/api/v1/instances/types`));
    const seen = `${answer.statusText}\n${JSON.stringify([...answer.headers])}\n${await answer.text()}`;
    expect(answer.status).toBe(401);
    for (const echo of echoes) expect(seen).not.toContain(echo);
    for (let at = 0; at + 8 <= secret.length; at += 1) expect(seen).not.toContain(secret.slice(at, at + 8));
    expect(seen).toContain('[redacted]');
  });
});
