import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiRoute } from './apiRoute.js';
import { type StaticServer, startStaticServer } from './staticServer.js';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

async function read(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

describe('createApiRoute', () => {
  /** Stands for the API: records what reached it and answers with a request id, as the API does. */
  let upstream: Server;
  const received: Received[] = [];
  let rootDir: string;
  let app: StaticServer;
  let unreachable: StaticServer;

  beforeAll(async () => {
    upstream = createServer(async (request, response) => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: await read(request),
      });
      response.writeHead(201, {
        'content-type': 'application/json',
        'x-request-id': 'req_1',
        'x-internal': 'no',
      });
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    rootDir = await mkdtemp(join(tmpdir(), 'api-route-'));
    app = await startStaticServer({
      rootDir,
      route: createApiRoute({ baseUrl: `${origin}/v1`, platformUrl: origin, apiKey: 'ii_live_server' }),
    });
    // Port 9 (discard) on loopback: nothing listens there, so the route's call is refused at once.
    unreachable = await startStaticServer({
      rootDir,
      route: createApiRoute({
        baseUrl: 'http://127.0.0.1:9/v1',
        platformUrl: 'http://127.0.0.1:9',
        apiKey: 'k',
      }),
    });
  });

  afterAll(async () => {
    await app?.close();
    await unreachable?.close();
    await new Promise((resolve) => upstream?.close(resolve));
    await rm(rootDir, { recursive: true, force: true });
  });

  it('passes /v1 and /api requests on with its own key, never the Authorization the page sent', async () => {
    const inference = await fetch(`${app.url}v1/chat/completions?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer ii_live_page', 'content-type': 'application/json' },
      body: '{"model":"m"}',
    });
    expect(inference.status).toBe(201);
    expect(inference.headers.get('x-request-id')).toBe('req_1');
    // Only the answer headers a page needs come back, not whatever the API sends.
    expect(inference.headers.get('x-internal')).toBeNull();
    expect(await inference.json()).toEqual({ ok: true });
    await fetch(`${app.url}api/v1/instances/types`);
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/v1/chat/completions?x=1',
        authorization: 'Bearer ii_live_server',
        contentType: 'application/json',
        body: '{"model":"m"}',
      },
      {
        method: 'GET',
        url: '/api/v1/instances/types',
        authorization: 'Bearer ii_live_server',
        contentType: undefined,
        body: '',
      },
    ]);
  });

  it('leaves every other path to the files', async () => {
    const before = received.length;
    expect((await fetch(`${app.url}index.html`)).status).toBe(404);
    expect(received.length).toBe(before);
  });

  it("answers 502 in the API's error shape when the API cannot be reached", async () => {
    const answer = await fetch(`${unreachable.url}v1/models`);
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('upstream_unreachable');
  });
});
