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
import { createApiRoute } from './createApiRoute.js';
import { toNodeListener } from './toNodeListener.js';

// Random after the prefix: any 8 characters of the key in a row count as a leak, and a word in it (this was
// `routeGuardFuzzSecret`) made the door's own error text naming `createRouteGuard` a leak for some seeds.
const apiKey = 'ii_live_0e323f48613d3cbbb494dc7b';
let upstream: HostileUpstream;
let server: Server;
let port = 0;
let webServer: Server;
let webPort = 0;
/** The route's deadlines and cap as the fuzz sets them: short, so a silent or endless upstream ends quickly. */
const limits = {
  upstreamTimeoutMs: 500,
  answerIdleTimeoutMs: 500,
  answerTimeoutMs: 2_000,
  maxAnswerBytes: 1024 * 1024,
};

/**
 * The bare web handler as a runtime that keeps the target as it came (some do) hands it over: `request.url` is the
 * Host and the raw target joined, duplicate headers joined with ", " as `Headers` does. The listener stands in for
 * Bun or Deno, so the fuzz reaches the handler's own checks, not toNodeListener's.
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
    const method = req.method ?? 'GET';
    let request: Request;
    try {
      const body =
        method === 'GET' || method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream);
      request = new Request(`http://127.0.0.1:${webPort}/`, {
        method,
        headers,
        body,
        duplex: 'half',
      } as RequestInit);
      Object.defineProperty(request, 'url', { value: `http://${headers.get('host') ?? ''}${req.url ?? ''}` });
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `the runtime refused it: ${String(error)}`, type: 'invalid_request_error' },
        }),
      );
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

beforeAll(async () => {
  upstream = await startHostileUpstream(apiKey);
  const route = createApiRoute({
    apiKey,
    baseUrl: `${upstream.url}/v1`,
    platformUrl: upstream.url,
    operations: ['createChatCompletion', 'resizeVolume', 'createEmbeddings', 'generateImages'],
    ...limits,
  });
  server = createServer(toNodeListener(route));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  webServer = createServer(rawRuntime(route));
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

const isSpecError = (body: unknown) =>
  typeof (body as { error?: { message?: unknown } })?.error?.message === 'string';

const routeDoor = (name: string, portOf: () => number): FuzzedDoor => ({
  name,
  port: portOf,
  key: apiKey,
  isErrorBody: isSpecError,
  stillServes: () => servesThroughUpstream(`http://127.0.0.1:${portOf()}/api/v1/instances/types`),
  paths: [
    '/v1/chat/completions',
    '/v1/embeddings',
    '/api/v1/instances/types',
    '/api/v1/storage/vol_1',
    '/api/v1/billing/transactions',
  ],
  upstream: {
    get server() {
      return upstream;
    },
    operationPaths: upstreamOperationPaths(spec),
    callThrough: async (signal) => {
      const body = '{"model":"m","messages":[{"role":"user","content":"hi"}]}';
      const bytes = `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:${portOf()}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
      const exchange = await sendRaw(portOf(), { bytes, timeoutMs: limits.answerTimeoutMs + 5_000 });
      if (signal.aborted || exchange.ended === 'timeout') throw new Error('no end');
      return exchange.text;
    },
    deadlineMs: limits.answerTimeoutMs + limits.upstreamTimeoutMs,
    maxAnswerBytes: limits.maxAnswerBytes + 64 * 1024,
  },
  policy: { hosts: 'loopback', origins: 'self' },
  probe: { method: 'GET', target: '/api/v1/instances/types' },
  numRuns: 60,
});

/** 50 MB with `Connection: close` against the route's 1 MB cap: toNodeListener's 413 is read, never a reset. */
const oversizedBody = {
  bytes: 50 * 1024 * 1024,
  probe: { method: 'POST', target: '/v1/chat/completions', headerLines: ['content-type: application/json'] },
};

describeDoorFuzz({ ...routeDoor('createApiRoute behind toNodeListener', () => port), oversizedBody });
describeDoorFuzz(
  routeDoor('createApiRoute as a bare web handler (a runtime that keeps raw targets)', () => webPort),
);
