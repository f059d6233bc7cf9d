import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  describeDoorFuzz,
  type FuzzedDoor,
  servesThroughUpstream,
  upstreamOperationPaths,
} from '@inference-infra/test-kit/doorFuzz';
import { type HostileUpstream, startHostileUpstream } from '@inference-infra/test-kit/hostileUpstream';
import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import spec from '@inference-infra/types/openapi.json' with { type: 'json' };
import { afterAll, beforeAll } from 'vitest';
import { createClient } from '../index.js';
import { createRouteGuard } from './createRouteGuard.js';
import { withoutRedirects } from './index.js';
import { toNodeListener } from './toNodeListener.js';

// Random after the prefix: any 8 characters of the key in a row count as a leak, and a word in it (this was
// `routeGuardFuzzSecret`) made the door's own error text naming `createRouteGuard` a leak for some seeds.
const apiKey = 'ii_live_8b5228f1e7319372d1c5df07';
/** The guard's deadline as the fuzz sets it: short, so a silent or endless upstream ends quickly. */
const timeoutMs = 500;
let upstream: HostileUpstream;
let server: Server;
let port = 0;
let webServer: Server;
let webPort = 0;

/**
 * An app endpoint as the examples write one (`GET /cheapest`), passing the client's whole answer on: whatever the
 * upstream put in it is in the guard's way out.
 */
function cheapestEndpoint() {
  const client = createClient({
    apiKey,
    baseUrl: `${upstream.url}/v1`,
    platformUrl: upstream.url,
    maxRetries: 0,
    // As the examples' client: a redirect would resend the key where it points.
    fetch: withoutRedirects(fetch),
  });
  return createRouteGuard({ apiKey, timeoutMs })(async (request, { signal }) => {
    const gpuType = new URL(request.url).searchParams.get('gpu_type') ?? 'H100';
    return Response.json(await client.instances.listTypes({ gpu_type: gpuType }, { signal }));
  });
}

/**
 * The bare web handler as a runtime that keeps the target as it came hands it over (routeDoor.fuzz.test.ts has the
 * same stand-in for Bun or Deno), so the fuzz reaches the guard's own checks, not toNodeListener's. The app's router
 * sends only `/cheapest` to it, as Hono's would.
 */
function rawRuntime(handler: (request: Request) => Promise<Response>) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const headers = new Headers();
    for (let at = 0; at < req.rawHeaders.length; at += 2) {
      try {
        headers.append(req.rawHeaders[at] ?? '', req.rawHeaders[at + 1] ?? '');
      } catch {
        // A header fetch cannot hold: the runtime drops it.
      }
    }
    req.resume();
    let request: Request;
    try {
      request = new Request(`http://127.0.0.1:${webPort}/`, { method: req.method ?? 'GET', headers });
      Object.defineProperty(request, 'url', { value: `http://${headers.get('host') ?? ''}${req.url ?? ''}` });
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `the runtime refused it: ${String(error)}` } }));
      return;
    }
    const answer = await handler(request);
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (!answer.body) return res.end();
    Readable.fromWeb(answer.body as NodeReadableStream)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}

/** An app that routes `/cheapest` to its endpoint and answers 404 to anything else, as Express or Hono would. */
function app(endpoint: (req: IncomingMessage, res: ServerResponse) => unknown) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path === '/cheapest' && (req.method === 'GET' || req.method === 'HEAD')) return endpoint(req, res);
    req.resume();
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"app: not found"}}');
  };
}

beforeAll(async () => {
  upstream = await startHostileUpstream(apiKey);
  const endpoint = cheapestEndpoint();
  server = createServer(app(toNodeListener(endpoint)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  webServer = createServer(app(rawRuntime(endpoint)));
  await new Promise<void>((resolve) => webServer.listen(0, '127.0.0.1', resolve));
  webPort = (webServer.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const each of [server, webServer]) {
    each.closeAllConnections();
    await new Promise((resolve) => each.close(resolve));
  }
  await upstream.close();
});

const guardDoor = (name: string, portOf: () => number): FuzzedDoor => ({
  name,
  port: portOf,
  key: apiKey,
  isErrorBody: (body) => typeof (body as { error?: { message?: unknown } })?.error?.message === 'string',
  stillServes: () => servesThroughUpstream(`http://127.0.0.1:${portOf()}/cheapest`),
  paths: ['/cheapest'],
  upstream: {
    get server() {
      return upstream;
    },
    operationPaths: upstreamOperationPaths(spec),
    pageCalls: { '/cheapest': ['/api/v1/instances/types'] },
    callThrough: async (signal) => {
      const bytes = `GET /cheapest?gpu_type=H100 HTTP/1.1\r\nHost: 127.0.0.1:${portOf()}\r\n\r\n`;
      const exchange = await sendRaw(portOf(), { bytes, timeoutMs: timeoutMs + 5_000 });
      if (signal.aborted || exchange.ended === 'timeout') throw new Error('no end');
      return exchange.text;
    },
    deadlineMs: timeoutMs,
    // A small JSON answer or a refusal: the guard answers once its handler has the whole list.
    maxAnswerBytes: 64 * 1024,
  },
  policy: { hosts: 'loopback', origins: 'self' },
  probe: { method: 'GET', target: '/cheapest' },
  numRuns: 40,
});

describeDoorFuzz(guardDoor('createRouteGuard behind toNodeListener', () => port));
describeDoorFuzz(
  guardDoor('createRouteGuard as a bare web handler (a runtime that keeps raw targets)', () => webPort),
);
