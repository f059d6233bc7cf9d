import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Surface } from '../specRoutes.js';
import { type Simulator, simulatorError, tooLarge } from './createSimulator.js';
import type { ErrorDetails } from './errorResponses.js';
import { jsonPieces } from './jsonPieces.js';
import { crossSiteRefusal, originAllowed } from './originPolicy.js';
import type { SimulatorResponse } from './simulatorTypes.js';

/** Headers a page on another origin may read: the request id, and what tells a client to wait or re-authenticate. */
const exposedHeaders = 'x-request-id, retry-after, www-authenticate';
/** How much of a body past `maxBodyBytes` is read and dropped after its 400, before the connection is cut. */
const refusedBodyDrainBytes = 256 * 1024 * 1024;

function corsHeaders(
  req: IncomingMessage,
  allowedOrigins: readonly string[] | undefined,
): Record<string, string> {
  const { origin } = req.headers;
  // Reflected for allowed origins only, never `*`: a refused page learns nothing from the answer.
  return typeof origin === 'string' && originAllowed(origin, allowedOrigins)
    ? {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': exposedHeaders,
        vary: 'origin',
      }
    : { vary: 'origin' };
}

function writeEvents(
  res: ServerResponse,
  response: SimulatorResponse,
  events: string[],
  eventIntervalMs: number,
) {
  let sent = 0;
  const next = () => {
    if (res.destroyed) return;
    if (response.cutAfterEvents !== undefined && sent >= response.cutAfterEvents) {
      // A dropped connection, as a client meets it: the chunked body never ends.
      res.destroy();
      return;
    }
    if (sent >= events.length) {
      res.end();
      return;
    }
    res.write(`data: ${events[sent]}\n\n`);
    sent += 1;
    setTimeout(next, eventIntervalMs);
  };
  next();
}

function write(res: ServerResponse, response: SimulatorResponse, eventIntervalMs: number) {
  const { headers } = response;
  if (response.events) {
    res.writeHead(response.status, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...headers,
    });
    writeEvents(res, response, response.events, eventIntervalMs);
    return;
  }
  if (response.chunked && response.json !== undefined) {
    res.writeHead(response.status, { 'content-type': 'application/json', ...headers });
    // Written as the socket takes it, so one large answer neither holds its whole text nor stalls other clients.
    Readable.from(jsonPieces(response.json))
      .on('error', () => res.destroy())
      .pipe(res);
    return;
  }
  const body =
    response.bytes ?? (response.json === undefined ? undefined : Buffer.from(JSON.stringify(response.json)));
  res.writeHead(response.status, {
    ...(response.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...(body ? { 'content-length': String(body.length) } : {}),
    ...headers,
  });
  res.end(body);
}

function answer(res: ServerResponse, response: SimulatorResponse, eventIntervalMs: number) {
  if (!response.delayMs) return write(res, response, eventIntervalMs);
  const timer = setTimeout(() => guarded(res, () => write(res, response, eventIntervalMs)), response.delayMs);
  res.once('close', () => clearTimeout(timer));
}

/** An answer from the listener itself, before or around the simulator: the spec's error body, and close. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, details: ErrorDetails) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.setHeader('connection', 'close');
  write(res, simulatorError(status, details, `req_${randomBytes(8).toString('hex')}`), 0);
  // The rest of a body nobody will read is not waited for.
  res.once('finish', () => req.destroy());
}

/** Runs one step of serving; a failure of the simulator's own code is a 500 naming it, never an ended process. */
function guarded(res: ServerResponse, step: () => void) {
  try {
    step();
  } catch (error) {
    const message = `The simulator failed: ${error instanceof Error ? error.message : String(error)}`;
    refuse(res.req, res, 500, { code: 'simulator_failure', message });
  }
}

/** A `Host` header is a host name or address and an optional port: nothing else (no spaces, paths or user info). */
function wellFormedHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  try {
    const url = new URL(`http://${host}/`);
    return (
      url.host !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      !/[\s/?#@\\]/.test(host)
    );
  } catch {
    return false;
  }
}

/**
 * The request's path and query on the server's own origin: the origin form (`/v1/...`) or the absolute form
 * (`http://any/v1/...`, of which only the path counts), or undefined when the target is not a URL at all.
 */
function requestUrl(target: string | undefined, origin: string): URL | undefined {
  try {
    // Joined as text, never resolved against the origin: `//host/x` stays a path here, not another host.
    if (target?.startsWith('/')) return new URL(`${origin}${target}`);
    const absolute = new URL(target ?? '');
    if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return undefined;
    return new URL(`${origin}${absolute.pathname}${absolute.search}`);
  } catch {
    return undefined;
  }
}

/** The origin the socket was accepted on: what image URLs are built from, never the `Host` a client sent. */
function socketOrigin(req: IncomingMessage): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort ?? 80}`;
}

export interface SimulatorListenerOptions {
  /** The origin this server is reached on, for the URLs it hands out (default: the address the socket was accepted on). */
  origin?: string;
}

/**
 * A Node `http` request listener serving one base address of the simulator. Whatever arrives (a malformed Host or
 * request target, a body that ends early, a failure of the simulator's own code) is answered with the spec's error
 * body or the connection is closed; the process goes on serving. It reads the body up to the simulator's limit (a
 * larger one gets the spec's 400 at once, and the connection is closed), answers CORS preflights of allowed origins
 * (loopback pages by default) and refuses pages of other sites.
 */
export function simulatorListener(
  simulator: Simulator,
  surface: Surface,
  listenerOptions: SimulatorListenerOptions = {},
) {
  const { maxBodyBytes, streamEventIntervalMs, allowedOrigins } = simulator.options;
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    if (req.headers.host === undefined && req.httpVersion === '1.1') {
      // RFC 9112 asks a 400 of an HTTP/1.1 request without Host; Node's own is bodiless, this one says why.
      return refuse(req, res, 400, {
        code: 'malformed_host',
        message: 'Host: missing; HTTP/1.1 requests carry one',
        param: 'Host',
      });
    }
    if (!wellFormedHost(req.headers.host)) {
      return refuse(req, res, 400, {
        code: 'malformed_host',
        message: `Host: ${JSON.stringify(req.headers.host)} is not a host name or address with an optional port`,
        param: 'Host',
      });
    }
    const url = requestUrl(req.url, listenerOptions.origin ?? socketOrigin(req));
    if (!url) {
      return refuse(req, res, 400, {
        code: 'malformed_request_target',
        message: `request target ${JSON.stringify(req.url)} is not a path or an http URL`,
      });
    }
    // Set before any answer is written, so every answer of this request, refusals included, carries them.
    for (const [name, value] of Object.entries(corsHeaders(req, allowedOrigins))) res.setHeader(name, value);
    const refusal = crossSiteRefusal(method, req.headers, allowedOrigins);
    if (refusal)
      return refuse(req, res, 403, { code: 'origin_not_allowed', message: refusal, param: 'Origin' });
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const request = { ...simulator.toSimulatorRequest(method, url, headers, ''), surface };
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (refused) {
        // The rest of a refused body is read and dropped, so that a client still sending reads the 400 instead of
        // a reset (a socket closed with unread data is reset); past a bound, the connection goes after all.
        if (size > maxBodyBytes + refusedBodyDrainBytes) req.destroy();
        return;
      }
      if (size > maxBodyBytes) {
        refused = true;
        chunks.length = 0;
        guarded(res, () => write(res, tooLarge(request, simulator.options), 0));
        return;
      }
      chunks.push(chunk);
    });
    // A client that closes before its body ends has no one to answer: the socket goes, the server stays.
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (refused) return;
      guarded(res, () => {
        request.body = Buffer.concat(chunks).toString('utf8');
        answer(res, simulator.handle(request), streamEventIntervalMs);
      });
    });
  };
  return (req: IncomingMessage, res: ServerResponse) => guarded(res, () => serve(req, res));
}
