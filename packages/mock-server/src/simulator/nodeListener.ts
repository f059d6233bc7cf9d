import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Surface } from '../specRoutes.js';
import { type Simulator, tooLarge } from './createSimulator.js';
import type { SimulatorResponse } from './simulatorTypes.js';

/** Headers a page on another origin may read: the request id, and what tells a client to wait or re-authenticate. */
const exposedHeaders = 'x-request-id, retry-after, www-authenticate';

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-expose-headers': exposedHeaders,
    vary: 'origin',
  };
}

function write(
  req: IncomingMessage,
  res: ServerResponse,
  response: SimulatorResponse,
  eventIntervalMs: number,
) {
  const headers = { ...corsHeaders(req), ...response.headers };
  if (response.events) {
    res.writeHead(response.status, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...headers,
    });
    const events = response.events;
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

function answer(
  req: IncomingMessage,
  res: ServerResponse,
  response: SimulatorResponse,
  eventIntervalMs: number,
) {
  if (!response.delayMs) return write(req, res, response, eventIntervalMs);
  const timer = setTimeout(() => write(req, res, response, eventIntervalMs), response.delayMs);
  res.once('close', () => clearTimeout(timer));
}

/**
 * A Node `http` request listener serving one base address of the simulator. It reads the body up to the
 * simulator's limit (a larger one gets the spec's 400 at once, and the connection is closed), answers CORS
 * preflights so pages on other origins can call it.
 */
export function simulatorListener(simulator: Simulator, surface: Surface) {
  const { maxBodyBytes, streamEventIntervalMs } = simulator.options;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...corsHeaders(req),
        'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const request = { ...simulator.toSimulatorRequest(req.method ?? 'GET', url, headers, ''), surface };
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxBodyBytes) {
        refused = true;
        res.setHeader('connection', 'close');
        write(req, res, tooLarge(request, simulator.options), 0);
        res.once('finish', () => req.destroy());
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (refused) return;
      request.body = Buffer.concat(chunks).toString('utf8');
      answer(req, res, simulator.handle(request), streamEventIntervalMs);
    });
  };
}
