import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { apiMethods, isApiPathname, matchApiRoute } from './apiRouteMatch.js';
import { refusal } from './refusal.js';
import { recordLocalAddress } from './requestArrival.js';

type Next = (error?: unknown) => void;

/**
 * `createApiRoute`'s handler as a `node:http` / Express listener. Requests outside `/v1/` and `/api/` go to `next`
 * (the app's other routes) or get 404. A request whose Host or target is no URL is answered 400, a page that goes
 * away aborts the upstream call, and nothing thrown ever leaves the listener.
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>) {
  return (req: IncomingMessage, res: ServerResponse, next?: Next): void => {
    serve(handler, req, res, next).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      const reason = error instanceof Error ? error.message : String(error);
      return send(res, refusal(500, 'route_failure', `The API route failed: ${reason}`)).catch(() =>
        res.destroy(),
      );
    });
  };
}

/** A `.` or `..` segment, also percent-encoded: URL parsing would quietly climb out of the segment it names. */
const dotSegment = (path: string) => path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));

/** The request's URL from its Host and origin-form target, or why there is none. */
function urlOf(req: IncomingMessage): URL | Response {
  const target = req.url ?? '';
  // Only a path: an absolute-form (`http://[/`) or `*` target names no path of this server.
  if (!target.startsWith('/'))
    return refusal(
      400,
      'malformed_request_target',
      `the request target ${JSON.stringify(target)} is not a path`,
    );
  const host = req.headers.host;
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  try {
    if (!host) throw new TypeError('missing');
    const authority = new URL(`${scheme}://${host}`);
    const extra = `${authority.username}${authority.password}${authority.pathname}${authority.search}${authority.hash}`;
    if (authority.host === '' || extra !== '/') throw new TypeError('not a host');
    // Joined, not resolved against the host: a target of `//evil.example/x` stays a path of this host.
    return new URL(`${authority.origin}${target}`);
  } catch {
    const message = `Host: ${JSON.stringify(host ?? null)} is not a host name (with an optional port)`;
    return refusal(400, 'malformed_host', message, { param: 'Host' });
  }
}

async function serve(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
  next: Next | undefined,
) {
  const url = urlOf(req);
  if (url instanceof Response) return send(res, url);
  const rawPath = (req.url ?? '').split('?')[0] ?? '';
  if (!isApiPathname(url.pathname) && !isApiPathname(rawPath)) {
    if (next) return next();
    return send(res, refusal(404, 'unknown_path', `No operation of the API at ${url.pathname}.`));
  }
  if (dotSegment(rawPath)) {
    const message = `path: must not hold "." or ".." segments (got ${JSON.stringify(rawPath)})`;
    return send(res, refusal(400, 'invalid_path', message, { param: 'path' }));
  }
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  let request: Request;
  try {
    request = new Request(url, {
      method,
      headers,
      signal: abort.signal,
      ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
    } as RequestInit);
  } catch {
    // Methods fetch refuses to carry (CONNECT, TRACE, TRACK): none is an operation of the spec.
    const matched = matchApiRoute(method, url.pathname);
    const allow = (matched.kind === 'method-not-allowed' ? matched.allow : apiMethods).join(', ');
    const message = `${method} ${url.pathname}: this path takes ${allow}.`;
    return send(res, refusal(405, 'method_not_allowed', message, { headers: { allow } }));
  }
  recordLocalAddress(request, req.socket.localAddress);
  await send(res, await handler(request));
  if (hasBody) dropUnreadBody(req);
}

/** How much of a body the route did not read (a refusal, a 413) is taken and dropped before the connection goes. */
const unreadBodyDrainBytes = 256 * 1024 * 1024;

/**
 * After the answer, the rest of a body nobody read is taken off the socket and dropped, never buffered: a client still
 * sending it then reads the refusal, where a socket closed (or timed out) with unread data would reach it as a reset.
 */
function dropUnreadBody(req: IncomingMessage) {
  if (req.complete || req.destroyed) return;
  // The web stream made of it stops taking chunks: nothing reads them any more.
  req.removeAllListeners('data');
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > unreadBodyDrainBytes) req.destroy();
  });
  req.resume();
}

/** Writes a web Response to node's, its body streamed as it arrives (a chat's events reach the page one by one). */
async function send(res: ServerResponse, response: Response) {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  // pipeline: a page that goes away cancels the answer's stream, and with it the upstream's body.
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch(() => {
    res.destroy();
  });
}
