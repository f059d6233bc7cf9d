import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import {
  admitRequest,
  type DoorRules,
  isRefusal,
  type OriginPolicy,
  originAllowed,
  type Refusal,
  readCappedBody,
} from '@inference-infra/edge';
import { bodyStream, drainUnread, requestFacts } from '@inference-infra/edge/node';
import type { Surface } from '../specRoutes.js';
import { type Simulator, simulatorError, tooLarge } from './createSimulator.js';
import type { ErrorDetails } from './errorResponses.js';
import { jsonPieces } from './jsonPieces.js';
import { simulatorOriginPolicy } from './pageOrigin.js';
import type { SimulatorResponse } from './simulatorTypes.js';
import { streamSteps } from './streamPlan.js';

/** Headers a page on another origin may read: the request id, and what tells a client to wait or re-authenticate. */
const exposedHeaders = 'x-request-id, retry-after, www-authenticate';

function corsHeaders(req: IncomingMessage, policy: OriginPolicy): Record<string, string> {
  const { origin } = req.headers;
  // Reflected for allowed origins only, never `*`: a refused page learns nothing from the answer.
  return typeof origin === 'string' && originAllowed(origin, policy)
    ? {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': exposedHeaders,
        vary: 'origin',
      }
    : { vary: 'origin' };
}

function writeEvents(res: ServerResponse, response: SimulatorResponse, eventIntervalMs: number) {
  const steps = streamSteps(response, eventIntervalMs);
  let index = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A client that leaves ends the waits: a stalled stream holds nothing after its socket closed.
  res.once('close', () => clearTimeout(timer));
  const next = () => {
    const step = steps[index++];
    if (res.destroyed || !step) return;
    if (step.end === 'cut') {
      // A dropped connection, as a client meets it: the chunked body never ends.
      res.destroy();
    } else if (step.end === 'close') {
      res.end();
    } else {
      res.write(step.frame);
      schedule();
    }
  };
  const schedule = () => {
    const waitMs = steps[index]?.waitMs ?? 0;
    timer = setTimeout(next, waitMs);
  };
  if ((steps[0]?.waitMs ?? 0) > 0) {
    // The status and headers go out before a stall at the very start: the client has its answer and waits for events.
    res.flushHeaders();
    schedule();
  } else next();
}

function write(res: ServerResponse, response: SimulatorResponse, eventIntervalMs: number) {
  const { headers } = response;
  if (response.events) {
    res.writeHead(response.status, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...headers,
    });
    writeEvents(res, response, eventIntervalMs);
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

/**
 * An answer from the listener itself, before or around the simulator: the spec's error body. The rest of a body nobody
 * will read is taken off the socket and dropped (`drainUnread`, bounded): a client still sending it then reads this
 * answer, where a socket closed on unread data (also by `Connection: close`) reaches it as a reset.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, details: ErrorDetails) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  write(res, simulatorError(status, details, `req_${randomBytes(8).toString('hex')}`), 0);
  drainUnread(req);
}

/** A refusal of the edge as the listener's answer. */
const refuseWith = (req: IncomingMessage, res: ServerResponse, refused: Refusal) =>
  refuse(req, res, refused.status, {
    code: refused.code,
    message: refused.message,
    param: refused.param,
    ...(refused.headers ? { headers: refused.headers } : {}),
  });

/** A failure of the simulator's own code: a 500 naming it, never an ended process. */
function failed(res: ServerResponse, error: unknown) {
  const message = `The simulator failed: ${error instanceof Error ? error.message : String(error)}`;
  refuse(res.req, res, 500, { code: 'simulator_failure', message });
}

/** Runs one step of serving, a failure of it answered by `failed`. */
function guarded(res: ServerResponse, step: () => void) {
  try {
    step();
  } catch (error) {
    failed(res, error);
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
 * The edge's door with the simulator's rules: any name (`*`), but one well-formed Host (two could be read differently
 * in front of it; HTTP/1.0 may send none), pages of any loopback origin, and `Sec-Fetch-Site` heard only on methods
 * that can change the mock, so a foreign page's form post never reaches the state while an image the simulator
 * generated still shows on a page of another site.
 */
const doorRules = (origin: OriginPolicy): DoorRules => ({
  host: { allowedHosts: ['*'], option: 'Host' },
  origin,
  secFetchSite: 'state-changing-methods',
});

/**
 * A Node `http` request listener serving one base address of the simulator. Whatever arrives (a malformed or repeated
 * Host, a request target that could name another path, a body that ends early or arrives too slowly, a failure of the
 * simulator's own code) is answered with the spec's error body or the connection is closed; the process goes on
 * serving. It reads the body up to the simulator's `maxBodyBytes` (a larger one gets the spec's 400 at once) within
 * `bodyTimeoutMs` (408), drops the rest of a refused body so the client reads the answer, answers CORS preflights of
 * allowed origins (loopback pages, and `allowedOrigins`) and refuses pages of other sites.
 */
export function simulatorListener(
  simulator: Simulator,
  surface: Surface,
  listenerOptions: SimulatorListenerOptions = {},
) {
  const { maxBodyBytes, bodyTimeoutMs, streamEventIntervalMs, allowedOrigins } = simulator.options;
  const policy = simulatorOriginPolicy(allowedOrigins);
  const rules = doorRules(policy);
  const bodyLimits = {
    maxBytes: maxBodyBytes,
    deadlineMs: bodyTimeoutMs,
    options: {
      maxBytes: "the simulator's maxBodyBytes",
      deadlineMs: "the simulator's bodyTimeoutMs, CLI --body-timeout-ms",
    },
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    // Set before any answer is written, so every answer of this request, refusals included, carries them.
    for (const [name, value] of Object.entries(corsHeaders(req, policy))) res.setHeader(name, value);
    const door = admitRequest(requestFacts(req), rules);
    if (isRefusal(door)) return refuseWith(req, res, door);
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      drainUnread(req);
      return;
    }
    const url = new URL(`${listenerOptions.origin ?? socketOrigin(req)}${door.pathname}${door.search}`);
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const request = { ...simulator.toSimulatorRequest(method, url, headers, ''), surface };
    if (door.hasBody) {
      const body = await readCappedBody(bodyStream(req), req.headers['content-length'], bodyLimits);
      if (isRefusal(body)) {
        if (body.code !== 'body_too_large') return refuseWith(req, res, body);
        // The simulator's own answer to a large body, the spec's 400 (it documents no 413).
        write(res, tooLarge(request, simulator.options), 0);
        drainUnread(req);
        return;
      }
      request.body = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    }
    answer(res, simulator.handle(request), streamEventIntervalMs);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    serve(req, res).catch((error: unknown) => failed(res, error));
  };
}
