import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { isApiPathname } from './apiRouteMatch.js';
import { refusal } from './refusal.js';

/**
 * `createApiRoute`'s handler as a `node:http` / Express listener. Requests outside `/v1/` and `/api/` go to `next`
 * (the app's other routes) or get 404. A request whose Host or target is no URL is answered 400, a page that goes
 * away aborts the upstream call, and nothing thrown ever leaves the listener.
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>) {
  return (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void => {
    void serve(handler, req, res, next).catch((error: unknown) => {
      if (!res.headersSent)
        void send(res, refusal(500, 'route_failure', `The API route failed: ${String(error)}`));
      else res.destroy();
    });
  };
}

async function serve(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
  next: ((error?: unknown) => void) | undefined,
) {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (!req.url?.startsWith('/')) throw new TypeError('not an origin-form target');
  } catch {
    return send(
      res,
      refusal(
        400,
        'malformed_request',
        `Host ${JSON.stringify(req.headers.host)} and target ${JSON.stringify(req.url)} make no URL`,
      ),
    );
  }
  if (!isApiPathname(url.pathname)) {
    if (next) return next();
    return send(res, refusal(404, 'unknown_path', `No operation of the API at ${url.pathname}.`));
  }
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(url, {
    method: req.method,
    headers,
    signal: abort.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
  await send(res, await handler(request));
}

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
  // Streamed as it arrives, so a chat's events reach the page one by one.
  Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
    .on('error', () => res.destroy())
    .pipe(res);
}
