import { createSimulator } from '@inference-infra/mock-server';
import { describe, expect, it } from 'vitest';
import { type ApiRouteOptions, createApiRoute } from './createApiRoute.js';
import { recordArrival } from './requestArrival.js';

const apiKey = 'ii_live_routetests';
const app = 'http://127.0.0.1:3000';

/** The route in front of an in-process simulator, and how many requests reached it. */
function routeOnSimulator(options: Partial<ApiRouteOptions> = {}) {
  const simulator = createSimulator({ keys: [apiKey], streamEventIntervalMs: 0 });
  const route = createApiRoute({
    apiKey,
    baseUrl: 'http://127.0.0.1:4010/v1',
    platformUrl: 'http://127.0.0.1:4011',
    fetch: simulator.fetch,
    ...options,
  });
  const upstreamCalls = () => simulator.state.requests.length;
  return { route, simulator, upstreamCalls };
}

const json = { 'content-type': 'application/json' };
const chatBody = JSON.stringify({
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user', content: 'spend' }],
});

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string; param: string | null } };
  return { status: response.status, ...body.error };
}

describe('createApiRoute', () => {
  it('forwards a same-origin read with the key, which never reaches the page', async () => {
    const { route, upstreamCalls } = routeOnSimulator();
    const answer = await route(new Request(`${app}/api/v1/instances/types?gpu_type=H100`));
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
    expect([...answer.headers.keys()]).not.toContain('authorization');
    expect(upstreamCalls()).toBe(1);
  });

  it('forwards a listed state-changing operation and streams its events as they come', async () => {
    const { route } = routeOnSimulator({ operations: ['createChatCompletion'] });
    const streamed = JSON.stringify({ ...JSON.parse(chatBody), stream: true });
    const answer = await route(
      new Request(`${app}/v1/chat/completions`, {
        method: 'POST',
        headers: { ...json, origin: app },
        body: streamed,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await answer.text();
    expect(text).toMatch(/data: \[DONE\]\n\n$/);
  });

  it.each([
    ['a page of another site (Origin)', { origin: 'http://evil.example' }, 403, 'origin_not_allowed'],
    [
      'a page of another site (Sec-Fetch-Site)',
      { 'sec-fetch-site': 'cross-site' },
      403,
      'origin_not_allowed',
    ],
    [
      'a text/plain body (the simple request any page can send)',
      { 'content-type': 'text/plain' },
      415,
      'unsupported_media_type',
    ],
  ])('refuses %s without an upstream call', async (_name, headers, status, code) => {
    const { route, upstreamCalls } = routeOnSimulator({ operations: ['createChatCompletion'] });
    const answer = await route(
      new Request(`${app}/v1/chat/completions`, {
        method: 'POST',
        headers: { ...json, ...headers },
        body: chatBody,
      }),
    );
    expect(await errorOf(answer)).toMatchObject({ status, code });
    expect(upstreamCalls()).toBe(0);
  });

  it("takes a page's POST as its own when the runtime's URL names the host otherwise than the browser's Host (Next.js)", async () => {
    const { route, upstreamCalls } = routeOnSimulator({ operations: ['createChatCompletion'] });
    // `next start --hostname 127.0.0.1` hands route handlers http://localhost:<port>/... whatever the browser asked.
    const sent = (origin: string) =>
      route(
        new Request('http://localhost:3000/v1/chat/completions', {
          method: 'POST',
          headers: { ...json, host: '127.0.0.1:3000', origin },
          body: chatBody,
        }),
      );
    const own = await sent(app);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    // The Host decides: the URL's own host is not thereby another allowed origin.
    expect(await errorOf(await sent('http://localhost:3000'))).toMatchObject({
      status: 403,
      code: 'origin_not_allowed',
    });
    expect(upstreamCalls()).toBe(1);
  });

  it('refuses an absolute-form target naming another host, as @hono/node-server hands it over (RFC 9112)', async () => {
    const { route, upstreamCalls } = routeOnSimulator();
    // `GET http://evil.example/api/v1/instances/types` with our Host: the target's authority names the host.
    const answer = await route(
      new Request('http://evil.example/api/v1/instances/types', { headers: { host: '127.0.0.1:3000' } }),
    );
    expect(await errorOf(answer)).toMatchObject({
      status: 403,
      code: 'host_not_allowed',
      message: expect.stringMatching(/^request target authority: "evil.example"/),
    });
    expect(upstreamCalls()).toBe(0);
  });

  it('refuses a Host that is not loopback unless the app lists it (DNS rebinding)', async () => {
    const { route, upstreamCalls } = routeOnSimulator();
    const rebound = await route(new Request('http://evil.example:3000/api/v1/instances/types'));
    expect(await errorOf(rebound)).toMatchObject({ status: 403, code: 'host_not_allowed', param: 'Host' });
    const listed = routeOnSimulator({ allowedHosts: ['app.example.com'] });
    expect((await listed.route(new Request('https://app.example.com/api/v1/instances/types'))).status).toBe(
      200,
    );
    expect(upstreamCalls()).toBe(0);
  });

  it('refuses a page of another origin on the same site, even a no-cors GET that carries no Origin', async () => {
    const { route, upstreamCalls } = routeOnSimulator();
    const answer = await route(
      new Request(`${app}/api/v1/instances/types`, { headers: { 'sec-fetch-site': 'same-site' } }),
    );
    const error = await errorOf(answer);
    expect(error).toMatchObject({ status: 403, code: 'origin_not_allowed' });
    expect(error.message).toContain('Sec-Fetch-Site: same-site');
    expect(upstreamCalls()).toBe(0);
  });

  it("answers the preflight of an allowed origin with the spec's methods, and refuses any other", async () => {
    const { route, upstreamCalls } = routeOnSimulator({ allowedOrigins: ['http://127.0.0.1:5173'] });
    const preflight = (origin: string) =>
      route(
        new Request(`${app}/v1/chat/completions`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        }),
      );
    const allowed = await preflight('http://127.0.0.1:5173');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(allowed.headers.get('access-control-allow-methods')?.split(', ').sort()).toEqual([
      'GET',
      'PATCH',
      'POST',
    ]);
    expect((await preflight('http://localhost:5173')).status).toBe(403);
    expect(upstreamCalls()).toBe(0);
  });

  it('takes a loopback Host only from a request that arrived on loopback, when the runtime says where', async () => {
    const { route, upstreamCalls } = routeOnSimulator();
    const fromLan = new Request('http://localhost:3000/api/v1/instances/types');
    recordArrival(fromLan, { localAddress: '192.168.1.20' });
    const error = await errorOf(await route(fromLan));
    expect(error).toMatchObject({ status: 403, code: 'host_not_allowed', param: 'Host' });
    expect(error.message).toContain('arrived on 192.168.1.20');
    expect(error.message).toContain('allowedHosts');
    const fromLoopback = new Request('http://localhost:3000/api/v1/instances/types');
    recordArrival(fromLoopback, { localAddress: '::ffff:127.0.0.1' });
    expect((await route(fromLoopback)).status).toBe(200);
    expect(upstreamCalls()).toBe(1);
  });

  it('refuses a state-changing operation the app did not list, naming the option', async () => {
    const { route, upstreamCalls } = routeOnSimulator();
    const answer = await route(
      new Request(`${app}/v1/chat/completions`, { method: 'POST', headers: json, body: chatBody }),
    );
    const error = await errorOf(answer);
    expect(error).toMatchObject({ status: 403, code: 'operation_not_allowed' });
    expect(error.message).toContain("operations: ['createChatCompletion']");
    expect(upstreamCalls()).toBe(0);
  });

  it.each([
    ['an unknown path', 'GET', '/api/v1/volumes', 404, 'unknown_path'],
    ['a path outside the API', 'GET', '/admin', 404, 'unknown_path'],
    ['a method the spec does not give', 'DELETE', '/api/v1/storage/vol_training', 405, 'method_not_allowed'],
    // Refused by the edge's path rule, before the id is read: an encoded "/" is a path some reader splits.
    ['an encoded slash in an id', 'PATCH', '/api/v1/storage/..%2Fadmin', 400, 'invalid_path'],
    ['an id of %2e%2e%2f', 'PATCH', '/api/v1/storage/%2e%2e%2f', 400, 'invalid_path'],
  ])('refuses %s without an upstream call', async (_name, method, path, status, code) => {
    const { route, upstreamCalls } = routeOnSimulator({ operations: ['resizeVolume'] });
    const body = method === 'PATCH' ? '{"size_gb":200}' : undefined;
    const answer = await route(new Request(`${app}${path}`, { method, headers: json, body }));
    expect(await errorOf(answer)).toMatchObject({ status, code });
    expect(upstreamCalls()).toBe(0);
  });

  it('refuses an oversized body and a body that breaks a bound without an upstream call', async () => {
    const { route, upstreamCalls } = routeOnSimulator({
      operations: ['resizeVolume', 'createEmbeddings'],
      maxBodyBytes: 1024,
    });
    const big = await route(
      new Request(`${app}/v1/embeddings`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model: 'm', input: 'x'.repeat(5000) }),
      }),
    );
    expect(await errorOf(big)).toMatchObject({ status: 413, code: 'body_too_large' });
    const bound = await route(
      new Request(`${app}/api/v1/storage/vol_training`, {
        method: 'PATCH',
        headers: json,
        body: '{"size_gb":9}',
      }),
    );
    expect(await errorOf(bound)).toMatchObject({
      status: 400,
      param: 'size_gb',
      message: 'size_gb: must be at least 10 (got 9)',
    });
    expect(upstreamCalls()).toBe(0);
  });

  it("runs the app's authorize hook before anything is read or sent", async () => {
    const { route, upstreamCalls } = routeOnSimulator({
      authorize: (request) => request.headers.get('cookie') === 'session=ok',
    });
    expect((await route(new Request(`${app}/api/v1/instances/types`))).status).toBe(401);
    expect(
      (await route(new Request(`${app}/api/v1/instances/types`, { headers: { cookie: 'session=ok' } })))
        .status,
    ).toBe(200);
    expect(upstreamCalls()).toBe(1);
  });

  it('answers a body that ends early with 400, and an authorize hook that throws with 500, the key redacted', async () => {
    const { route, upstreamCalls } = routeOnSimulator({ operations: ['createChatCompletion'] });
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"model":'));
        controller.error(new Error('aborted'));
      },
    });
    const answer = await route(
      new Request(`${app}/v1/chat/completions`, {
        method: 'POST',
        headers: json,
        body: cut,
        duplex: 'half',
      } as RequestInit),
    );
    expect(await errorOf(answer)).toMatchObject({ status: 400, code: 'body_unreadable', param: 'body' });
    const throwing = routeOnSimulator({
      authorize: () => {
        throw new Error(`session store down (used ${apiKey})`);
      },
    });
    const failure = await errorOf(await throwing.route(new Request(`${app}/api/v1/instances/types`)));
    expect(failure).toMatchObject({ status: 500, code: 'route_failure' });
    expect(failure.message).toBe('The API route failed: session store down (used [redacted])');
    expect(upstreamCalls() + throwing.upstreamCalls()).toBe(0);
  });

  it('never lets the key out, even when the upstream echoes it across chunks', async () => {
    const echoing: typeof fetch = async () => {
      const half = Math.floor(apiKey.length / 2);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const encoder = new TextEncoder();
          controller.enqueue(encoder.encode(`{"error":{"message":"bad key ${apiKey.slice(0, half)}`));
          controller.enqueue(encoder.encode(`${apiKey.slice(half)}"}}`));
          controller.close();
        },
      });
      return new Response(body, {
        status: 401,
        statusText: `no ${apiKey}`,
        headers: { 'content-type': 'application/json', 'x-request-id': apiKey },
      });
    };
    const route = createApiRoute({
      apiKey,
      baseUrl: 'http://127.0.0.1:4010/v1',
      platformUrl: 'http://127.0.0.1:4011',
      fetch: echoing,
    });
    const answer = await route(new Request(`${app}/api/v1/instances/types`));
    const text = await answer.text();
    expect(text).toContain('[redacted]');
    expect(text + answer.statusText + JSON.stringify([...answer.headers])).not.toContain(apiKey);
  });

  it('answers 502 naming the upstream origin, not the key, when the API cannot be reached', async () => {
    const route = createApiRoute({
      apiKey,
      baseUrl: 'http://127.0.0.1:9/v1',
      platformUrl: 'http://127.0.0.1:9',
    });
    const error = await errorOf(await route(new Request(`${app}/api/v1/instances/types`)));
    expect(error).toMatchObject({ status: 502, code: 'upstream_unreachable' });
    expect(error.message).toContain('http://127.0.0.1:9');
    expect(error.message).not.toContain(apiKey);
  });

  it.each([
    [
      'a "%2e%2e" segment, as a runtime that hands the target over unparsed gives it',
      '/api/%2e%2e/v1/chat/completions',
    ],
    ['a twice-encoded ".." segment', '/api/%252e%252e/v1/chat/completions'],
    ['an encoded backslash', '/v1/chat%5Ccompletions'],
    ['an empty segment', '/v1//chat/completions'],
    ['a ";" path parameter', '/v1/chat/completions;x=1'],
  ])('refuses a path holding %s with 400, checked before any URL parser reads it', async (_name, path) => {
    const { route, upstreamCalls } = routeOnSimulator({ operations: ['createChatCompletion'] });
    const request = new Request(`${app}/v1/chat/completions`, {
      method: 'POST',
      headers: json,
      body: chatBody,
    });
    // What the runtime says the URL is, as it came: `new Request` would already have resolved a `%2e%2e`.
    Object.defineProperty(request, 'url', { value: `${app}${path}` });
    expect(await errorOf(await route(request))).toMatchObject({
      status: 400,
      code: 'invalid_path',
      param: 'path',
    });
    expect(upstreamCalls()).toBe(0);
  });

  it('refuses two Host headers that a runtime joined into one value', async () => {
    const { route, upstreamCalls } = routeOnSimulator();
    const answer = await route(
      new Request(`${app}/api/v1/instances/types`, { headers: { host: '127.0.0.1:3000, evil.example' } }),
    );
    expect(await errorOf(answer)).toMatchObject({ status: 400, code: 'malformed_host', param: 'Host' });
    expect(upstreamCalls()).toBe(0);
  });

  it('refuses a JSON body in a charset other than UTF-8 (415), and one that is not UTF-8 (400)', async () => {
    const { route, upstreamCalls } = routeOnSimulator({ operations: ['createChatCompletion'] });
    const utf16 = await route(
      new Request(`${app}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-16' },
        body: chatBody,
      }),
    );
    const refused = await errorOf(utf16);
    expect(refused).toMatchObject({ status: 415, code: 'unsupported_media_type', param: 'Content-Type' });
    expect(refused.message).toContain('utf-16');
    // "é" in Latin-1: one byte that no UTF-8 reader takes, where a lenient one hands the upstream U+FFFD.
    const latin1 = Buffer.from(chatBody.replace('spend', 'caf\u00e9'), 'latin1');
    const notUtf8 = await route(
      new Request(`${app}/v1/chat/completions`, { method: 'POST', headers: json, body: latin1 }),
    );
    expect(await errorOf(notUtf8)).toMatchObject({
      status: 400,
      code: 'invalid_body_encoding',
      param: 'body',
    });
    expect(upstreamCalls()).toBe(0);
  });

  it('answers 408 naming bodyTimeoutMs to a body that stops coming', async () => {
    const { route, upstreamCalls } = routeOnSimulator({
      operations: ['createChatCompletion'],
      bodyTimeoutMs: 100,
    });
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"model":'));
      },
    });
    const answer = await route(
      new Request(`${app}/v1/chat/completions`, {
        method: 'POST',
        headers: json,
        body: stalled,
        duplex: 'half',
      } as RequestInit),
    );
    const error = await errorOf(answer);
    expect(error).toMatchObject({ status: 408, code: 'body_timeout', param: 'body' });
    expect(error.message).toContain('bodyTimeoutMs');
    expect(upstreamCalls()).toBe(0);
  });

  it.each([
    'bodyTimeoutMs',
    'upstreamTimeoutMs',
    'maxAnswerBytes',
    'answerIdleTimeoutMs',
    'answerTimeoutMs',
  ] as const)('throws at creation for a %s that is no whole number of at least 1', (option) => {
    for (const value of [0, 1.5, Number.NaN])
      expect(() => routeOnSimulator({ [option]: value })).toThrow(`createApiRoute: ${option} must be`);
  });
});
