import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchRoute, type SpecRoute, type Surface, specPathnameFor } from '../specRoutes.js';
import { sendEventStream } from './eventStream.js';
import { chooseExample } from './exampleSelection.js';
import { newRequestId, stampRequestId } from './requestId.js';
import { parseViolations, validationErrorBody } from './validationErrors.js';

/** Headers that belong to one hop of the connection and must not be copied to the next. */
const hopByHopHeaders = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'te',
  'trailer',
]);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(buffer: Buffer): unknown {
  if (buffer.length === 0) return undefined;
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

function errorBody(type: string, code: string, message: string, requestId: string) {
  return { error: { message, type, code, param: null, requestId } };
}

function isStreamRequest(specPath: string, body: unknown): boolean {
  return specPath === '/chat/completions' && (body as { stream?: unknown } | undefined)?.stream === true;
}

/**
 * Serves one base address: routes by the spec's per-path servers, lets Prism check the key and the request and
 * pick the answer, then adds what Prism lacks: real server-sent events, the spec's error body on validation
 * failures, and a fresh request id per call.
 */
export interface SurfaceHandlerOptions {
  /** Pause between streamed events, in milliseconds. */
  eventIntervalMs: number;
}

export function createSurfaceHandler(
  surface: Surface,
  routes: SpecRoute[],
  prismUrl: string,
  { eventIntervalMs }: SurfaceHandlerOptions,
) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = newRequestId();
    const url = new URL(req.url ?? '/', 'http://mock.local');
    const specPathname = specPathnameFor(routes, surface, url.pathname);
    // Any method: Prism answers the path's other methods itself.
    const found = matchRoute(routes, surface, req.method ?? 'GET', url.pathname);
    const route =
      found.match?.route ??
      found.allowedMethods
        .map((method) => matchRoute(routes, surface, method, url.pathname).match?.route)
        .find((other) => other !== undefined);
    if (!route || !specPathname) {
      if (req.method === 'OPTIONS') {
        // Let the browser's real request through, so a page sees the 404 below instead of a CORS failure.
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        });
        res.end();
        return;
      }
      sendJson(
        res,
        404,
        { 'x-request-id': requestId },
        errorBody(
          'not_found_error',
          'unknown_path',
          `No ${surface} operation at ${url.pathname}.`,
          requestId,
        ),
      );
      return;
    }

    const rawBody = await readBody(req);
    const body = parseJson(rawBody);
    const streaming = isStreamRequest(route.specPath, body);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || hopByHopHeaders.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const example = chooseExample(route.specPath, body);
    if (example && !headers.has('prefer')) headers.set('prefer', `example=${example}`);
    if (streaming) headers.set('accept', 'text/event-stream');

    let upstream: Response;
    try {
      upstream = await fetch(`${prismUrl}${specPathname}${url.search}`, {
        method: req.method,
        headers,
        body:
          rawBody.length > 0 && req.method !== 'GET' && req.method !== 'HEAD'
            ? new Uint8Array(rawBody)
            : undefined,
      });
    } catch (cause) {
      sendJson(
        res,
        502,
        { 'x-request-id': requestId },
        errorBody(
          'server_error',
          'mock_upstream_unavailable',
          `Prism did not answer: ${String(cause)}`,
          requestId,
        ),
      );
      return;
    }

    const responseHeaders: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!hopByHopHeaders.has(name) && name !== 'content-type') responseHeaders[name] = value;
    });
    responseHeaders['x-request-id'] = requestId;
    const contentType = upstream.headers.get('content-type') ?? '';
    const text = await upstream.text();

    if (upstream.status === 200 && streaming) {
      await sendEventStream(res, text, responseHeaders, eventIntervalMs);
      return;
    }
    if (upstream.status === 400) {
      const violations = parseViolations(upstream.headers.get('sl-violations') ?? undefined);
      if (violations.length > 0) {
        sendJson(res, 400, responseHeaders, validationErrorBody(violations, requestId));
        return;
      }
    }
    if (contentType.includes('json')) {
      const json = parseJson(Buffer.from(text));
      if (json !== undefined) {
        sendJson(res, upstream.status, responseHeaders, stampRequestId(json, requestId));
        return;
      }
    }
    res.writeHead(upstream.status, {
      ...responseHeaders,
      ...(contentType ? { 'content-type': contentType } : {}),
    });
    res.end(text);
  };
}
