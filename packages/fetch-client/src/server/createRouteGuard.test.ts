import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../index.js';
import { createRouteGuard, type GuardedHandler } from './createRouteGuard.js';
import { toNodeListener } from './toNodeListener.js';

const apiKey = 'ii_live_routeguardtests42';
const secret = apiKey.slice('ii_live_'.length);
const app = 'http://127.0.0.1:3000';

/** What an upstream that echoes the key in every answer sends: its error body, headers and status text. */
const echoingFetch: typeof fetch = async () =>
  new Response(JSON.stringify({ error: { message: `bad key ${apiKey}`, type: 'server_error' } }), {
    status: 500,
    statusText: `echo ${secret}`,
    headers: { 'content-type': 'application/json', 'x-request-id': `req_${apiKey}` },
  });

/** An app endpoint on the client, as the examples write one: the cheapest instance type of a GPU. */
function cheapestOn(fetchImpl: typeof fetch): GuardedHandler {
  const client = createClient({
    apiKey,
    baseUrl: 'http://127.0.0.1:4010/v1',
    platformUrl: 'http://127.0.0.1:4011',
    fetch: fetchImpl,
    maxRetries: 0,
  });
  return async (request, { signal }) => {
    const gpuType = new URL(request.url).searchParams.get('gpu_type') ?? 'H100';
    const { data, requestId } = await client.instances.listTypes({ gpu_type: gpuType }, { signal });
    return Response.json({ id: data[0]?.id, requestId });
  };
}

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string; param: string | null } };
  return { status: response.status, ...body.error };
}

/** A handler that counts its calls. */
function counted(answer: () => Response = () => Response.json({ ok: true })) {
  let calls = 0;
  const handler: GuardedHandler = () => {
    calls += 1;
    return answer();
  };
  return { handler, calls: () => calls };
}

describe('createRouteGuard', () => {
  it("runs the app's handler for its own pages and the visitor's own navigation", async () => {
    const guard = createRouteGuard({ apiKey });
    const { handler, calls } = counted();
    const route = guard(handler);
    const ownRequests: Record<string, string>[] = [
      {},
      { origin: app },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of ownRequests) {
      const answer = await route(new Request(`${app}/cheapest`, { headers }));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    }
    expect(calls()).toBe(4);
  });

  it.each([
    ['a foreign Host (DNS rebinding)', 'http://evil.example:3000/cheapest', {}, 403, 'host_not_allowed'],
    [
      'two Host headers joined by the runtime',
      `${app}/cheapest`,
      { host: '127.0.0.1:3000, evil.example' },
      400,
      'malformed_host',
    ],
    [
      'a page of another site (Origin)',
      `${app}/cheapest`,
      { origin: 'http://evil.example' },
      403,
      'origin_not_allowed',
    ],
    [
      'a no-cors request of another site',
      `${app}/cheapest`,
      { 'sec-fetch-site': 'cross-site' },
      403,
      'origin_not_allowed',
    ],
    // @hono/node-server hands `GET http://evil.example/cheapest` over with that URL and our Host.
    [
      'an absolute-form target naming another host',
      'http://evil.example/cheapest',
      { host: '127.0.0.1:3000' },
      403,
      'host_not_allowed',
    ],
    ['a path any reader could take for another', `${app}/x%5C..%5Ccheapest`, {}, 400, 'invalid_path'],
  ])('refuses %s before the handler runs', async (_name, url, headers, status, code) => {
    const { handler, calls } = counted();
    const answer = await createRouteGuard({ apiKey })(handler)(new Request(url, { headers }));
    expect(await errorOf(answer)).toMatchObject({ status, code });
    expect(calls()).toBe(0);
  });

  it('takes a loopback name or an unspecified address in the URL that differs from Host as the runtime naming itself (Next.js)', async () => {
    const { handler, calls } = counted();
    const route = createRouteGuard({ apiKey, allowedHosts: ['app.example.com'] })(handler);
    for (const self of ['localhost:3000', '127.0.0.1:3000', '0.0.0.0:3000', '[::]:3000']) {
      const answer = await route(
        new Request(`http://${self}/cheapest`, { headers: { host: 'app.example.com' } }),
      );
      expect(answer.status, self).toBe(200);
    }
    expect(calls()).toBe(4);
  });

  it('lets no form of the key out of an answer: body, headers, status text', async () => {
    const route = createRouteGuard({ apiKey })(
      () =>
        new Response(
          `{"id":"${apiKey}","escaped":"${[...secret].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join('')}"}`,
          {
            statusText: `ok ${apiKey}`,
            headers: { 'content-type': 'application/json', 'x-request-id': apiKey, 'content-length': '999' },
          },
        ),
    );
    const answer = await route(new Request(`${app}/cheapest`));
    const text = await answer.text();
    expect(text).not.toContain(secret);
    expect(JSON.stringify(JSON.parse(text))).not.toContain(secret);
    expect(answer.headers.get('x-request-id')).toBe('[redacted]');
    expect(answer.statusText).not.toContain(secret);
  });

  it('passes a body that is no text (an image) as its bytes', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0x00, 0x80, 0xfe]);
    const route = createRouteGuard({ apiKey })(
      () => new Response(bytes, { headers: { 'content-type': 'image/jpeg' } }),
    );
    const answer = await route(new Request(`${app}/photo`));
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
  });

  it('answers an API failure that echoes the key with its status and a redacted message', async () => {
    const route = createRouteGuard({ apiKey })(cheapestOn(echoingFetch));
    const answer = await route(new Request(`${app}/cheapest?gpu_type=H100`));
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'upstream_error', type: 'server_error' } });
    expect(answer.headers.get('x-request-id')).toMatch(/^req_route_/);
  });

  it('answers input the client refuses with 400 naming the field, and a handler that throws with 500, redacted', async () => {
    const guard = createRouteGuard({ apiKey });
    const client = createClient({ apiKey, baseUrl: `${app}/v1`, platformUrl: app, fetch: echoingFetch });
    const refused = await guard(async () => {
      await client.storage.resize('vol_1', { size_gb: 9 });
      return new Response('unreachable');
    })(new Request(`${app}/resize`));
    expect(await errorOf(refused)).toMatchObject({ status: 400, code: 'invalid_request', param: 'size_gb' });
    const thrown = await guard(() => {
      throw new Error(`config holds ${apiKey}`);
    })(new Request(`${app}/x`));
    const failure = await errorOf(thrown);
    expect(failure).toMatchObject({ status: 500, code: 'route_failure' });
    expect(failure.message).not.toContain(secret);
  });

  it('answers 504 naming timeoutMs when the handler outlives it, and aborts its signal', async () => {
    let signal: AbortSignal | undefined;
    const route = createRouteGuard({ apiKey, timeoutMs: 20 })((_request, context) => {
      signal = context.signal;
      return new Promise<Response>(() => undefined);
    });
    const answer = await route(new Request(`${app}/cheapest`));
    expect(await errorOf(answer)).toMatchObject({ status: 504, code: 'route_timeout' });
    expect((await errorOf(await route(new Request(`${app}/cheapest`)))).message).toContain('timeoutMs');
    expect(signal?.aborted).toBe(true);
  });

  it('drops the late outcome of a handler that ignores its signal, a failure included', async () => {
    let settled: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      settled = resolve;
    });
    const route = createRouteGuard({ apiKey, timeoutMs: 10 })(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      setTimeout(settled, 0);
      throw new Error(`late, with ${apiKey}`);
    });
    expect(await errorOf(await route(new Request(`${app}/cheapest`)))).toMatchObject({ status: 504 });
    // Vitest fails the run on an unhandled rejection: the late one must have gone nowhere.
    await done;
  });

  it('stops the client call it gave its signal to when an upstream never answers', async () => {
    let upstreamAborted = false;
    const silent: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          upstreamAborted = true;
          reject(init.signal?.reason);
        });
      });
    const route = createRouteGuard({ apiKey, timeoutMs: 20 })(cheapestOn(silent));
    expect(await errorOf(await route(new Request(`${app}/cheapest`)))).toMatchObject({ status: 504 });
    expect(upstreamAborted).toBe(true);
  });

  it.each([
    ['', 0],
    [apiKey, 0],
    [apiKey, 1.5],
    [apiKey, 2 ** 31],
  ])('refuses options out of range (apiKey %j, timeoutMs %j)', (key, timeoutMs) => {
    expect(() => createRouteGuard({ apiKey: key, timeoutMs })).toThrow(
      /createRouteGuard: (apiKey|timeoutMs)/,
    );
  });
});

describe('createRouteGuard behind toNodeListener', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done) ?? done(undefined));
  });

  it('answers the path it is mounted on, refuses what the door refuses, and keeps serving', async () => {
    const { handler, calls } = counted();
    const listener = toNodeListener(createRouteGuard({ apiKey })(handler));
    server = createServer((req, res) => listener(req, res, () => res.writeHead(404).end()));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const ask = (target: string, headers = `Host: 127.0.0.1:${port}\r\n`) =>
      sendRaw(port, { bytes: `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n` });
    expect((await ask('/cheapest')).status).toBe(200);
    expect((await ask('http://evil.example/cheapest')).status).toBe(400);
    expect((await ask('/cheapest', 'Host: evil.example\r\n')).status).toBe(403);
    expect(
      (await ask('/cheapest', `Host: 127.0.0.1:${port}\r\nOrigin: http://evil.example\r\n`)).status,
    ).toBe(403);
    expect((await ask('/a/..%2f/cheapest')).status).toBe(400);
    expect((await ask('/cheapest?gpu_type=H100')).status).toBe(200);
    expect(calls()).toBe(2);
  });
});
