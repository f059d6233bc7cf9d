import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { checkTarget, hostRefusal, isRefusal, parseHost } from '@inference-infra/edge';
import { drainUnread, headerValues } from '@inference-infra/edge/node';
import { apiMethods, isApiPathname, matchApiRoute } from './apiRouteMatch.js';
import { servesAnyPath } from './handlerScope.js';
import { answerRefusal, refusal } from './refusal.js';
import { recordArrival } from './requestArrival.js';

type Next = (error?: unknown) => void;

/**
 * `createApiRoute`'s handler as a `node:http` / Express listener. Requests outside `/v1/` and `/api/` go to `next`
 * (the app's other routes) or get 404; a handler of `createRouteGuard` answers every path it is mounted on. A target that breaks the edge's path rule as it came off the wire, and a Host
 * that is missing, no host name or sent twice, are answered 400; a page that goes away aborts the upstream call, and
 * nothing thrown ever leaves the listener.
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

/** How a Host refusal of the listener names the option (a Host it cannot build a URL of is malformed anyway). */
const hostPolicy = { option: 'createApiRoute({ allowedHosts })' };

/**
 * Whether the target is one the route answers for: its path is under `/v1/` or `/api/` as sent, or as a URL parser
 * would read it (`/x/..\v1/chat/completions` is `/v1/chat/completions` to one). The app's other paths go to `next`,
 * whatever they hold; a path any reader takes for the API's is the route's to judge.
 */
function namesApiPath(target: string): boolean {
  const raw = target.split(/[?#]/, 1)[0] ?? '';
  if (isApiPathname(raw)) return true;
  try {
    return isApiPathname(new URL(target, 'http://route.invalid').pathname);
  } catch {
    return false;
  }
}

async function serve(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
  next: Next | undefined,
) {
  const anyPath = servesAnyPath(handler);
  // Express strips a mount path off `url` (`app.use('/x', ...)`); the guard's handler judges the target as sent.
  const target = (anyPath ? (req as { originalUrl?: string }).originalUrl : undefined) ?? req.url ?? '';
  // Only a path: an absolute-form (`http://[/`) or `*` target names no path of this server.
  if (!target.startsWith('/'))
    return send(
      res,
      refusal(400, 'malformed_request_target', `the request target ${JSON.stringify(target)} is not a path`),
    );
  // Judged as it came off the wire, before any URL parser reads `\` as `/` or resolves `%2e%2e`: an app that guards
  // `/v1` with its own middleware must never see the route serve a path its guard read as another one.
  const checked = checkTarget(target);
  if (isRefusal(checked)) {
    if (next && !anyPath && !namesApiPath(target)) return next();
    return send(res, answerRefusal(checked));
  }
  if (!anyPath && !isApiPathname(checked.pathname)) {
    if (next) return next();
    return send(res, refusal(404, 'unknown_path', `No operation of the API at ${checked.pathname}.`));
  }
  // Every Host sent (node keeps the first in `req.headers`): the handler refuses two. One it cannot even build a URL
  // of is refused here.
  const hosts = headerValues(req, 'host');
  const authority = parseHost(hosts[0] ?? '');
  if (!authority) {
    // Always a refusal (none, or a first one that is no host name); the fallback only satisfies the types.
    const refused = hostRefusal(hosts, hostPolicy);
    return send(res, refused ? answerRefusal(refused) : refusal(400, 'malformed_host', 'Host: missing'));
  }
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  // Joined, not resolved against the host: the checked path has nothing a parser would change.
  const url = `${scheme}://${authority.host}${checked.pathname}${checked.search}`;
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
      ...(hasBody ? { body: bodyOf(req), duplex: 'half' } : {}),
    } as RequestInit);
  } catch {
    // Methods fetch refuses to carry (CONNECT, TRACE, TRACK): none is an operation of the spec.
    const matched = matchApiRoute(method, checked.pathname);
    const allow = (matched.kind === 'method-not-allowed' ? matched.allow : apiMethods).join(', ');
    const message = `${method} ${checked.pathname}: this path takes ${allow}.`;
    return send(res, refusal(405, 'method_not_allowed', message, { headers: { allow } }));
  }
  recordArrival(request, {
    localAddress: req.socket.localAddress,
    hosts,
    origins: headerValues(req, 'origin'),
  });
  const answer = await handler(request);
  // A body the route did not read (a refusal, a 413) is taken off the socket and dropped, so the page reads the
  // answer rather than a reset. Before the answer is written: the handler is done with the body (the route reads it
  // whole before it calls upstream), and on a connection that closes after the answer, Node closes it as soon as the
  // answer is sent, unless the lingering close is in place by then.
  if (hasBody) drainUnread(req);
  await send(res, answer);
}

/**
 * The request's body as a web stream, read as it is pulled. Cancelling it (a body refused as too large) stops the
 * reading but leaves the socket alone: `Readable.toWeb` would destroy the request, and with it the connection the
 * refusal is still to be written on. What is left is dropped after the answer (`drainUnread`).
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (cancelled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (!cancelled) controller.close();
        });
        // The sender went away mid-body: node ends the request with "aborted" (or a close before its end).
        const cut = (error?: Error) => {
          if (!cancelled && !req.complete) controller.error(error ?? new Error('aborted'));
          cancelled = true;
        };
        req.once('error', cut);
        req.once('close', () => cut());
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        cancelled = true;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
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
