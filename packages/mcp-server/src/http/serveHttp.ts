import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackAddress, isRefusal } from '@inference-infra/edge';
import { drainUnread } from '@inference-infra/edge/node';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { unauthorized } from '../auth/bearerChallenge.js';
import { bearerPassthrough } from '../auth/bearerPassthrough.js';
import { KeyChecks } from '../auth/keyChecks.js';
import { type OAuthOptions, oauthResource } from '../auth/oauthResource.js';
import type { Principal, SessionAuth } from '../auth/sessionAuth.js';
import { samePrincipal } from '../auth/sessionAuth.js';
import type { InferenceInfraMcpServer } from '../server/createMcpServer.js';
import { defaultMaxMessageBytes } from '../shared/messageLimit.js';
import { connectRedacted, redactorOf } from '../shared/redaction.js';
import { answer, answerDocument, answerRefusal, answerUnparsed } from './httpAnswers.js';
import { type DoorPolicy, doorRoute, ownOrigins } from './httpDoor.js';
import { readJsonBody } from './requestBody.js';
import { clientOf, defaultSessionLimits, SessionRegistry } from './sessionRegistry.js';
import { answerStateless } from './statelessRequest.js';

/** How long a request's body may take to arrive by default: a message of 8 MiB takes well under a second here. */
export const defaultBodyTimeoutMs = 30_000;

/**
 * Whose key each session spends. Without `auth`, the one key `createSession` holds, so only loopback is served: the
 * key's holder is whoever reaches the port. With it, each caller's own: `bearer-passthrough` takes the API key as the
 * bearer token, `oauth` an issuer's token mapped to a key by the operator's `keyForSubject`.
 */
export type HttpAuth = { mode: 'bearer-passthrough' } | ({ mode: 'oauth' } & OAuthOptions);

/** What a new session is made with: with `auth`, the caller's own key, the only one the session may spend. */
export interface SessionContext {
  apiKey?: string;
  /** With OAuth: the verified token's claims. */
  claims?: Principal['claims'];
}

export interface HttpOptions {
  /** 127.0.0.1 by default; an address other machines reach needs `auth` and `allowHosts`. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  maxMessageBytes?: number;
  /** How long a request's body may take to arrive (30 s by default). */
  bodyTimeoutMs?: number;
  /** The most sessions at once (100 by default); a new one past it is refused (503), none is closed for it. */
  maxSessions?: number;
  /** The most sessions of one client address (10 by default); a new one past it is refused (429). */
  maxSessionsPerClient?: number;
  /** A session silent this long (no request in flight) is closed and its id answers 404 (15 minutes by default). */
  sessionIdleMs?: number;
  /** Origins of other pages allowed to call besides the server's own (the MCP Inspector's); `*` for any. */
  allowOrigins?: readonly string[];
  /** Each caller's own key (see `HttpAuth`); a per-client bound then counts each key (or token subject). */
  auth?: HttpAuth;
  /** The names the server is reached by (`Host`), beyond loopback's; `*` for any. Needed off loopback. */
  allowHosts?: readonly string[];
  /**
   * No sessions (`--stateless`): each POST is answered by a server made for it, so replicas behind a load balancer
   * need no affinity and nothing is held between requests; `maxSessions` then bounds the requests in flight.
   */
  stateless?: boolean;
  log?: (line: string) => void;
}

export interface HttpEndpoint {
  /** `http://127.0.0.1:<port>/mcp` */
  url: string;
  close(): Promise<void>;
}

/** Whether an address to listen on is loopback: only such a server can be reached by this machine alone. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/** The checks of `serveHttp`'s options that the command line makes too, in the same words. */
function checkReach(host: string, options: HttpOptions) {
  if (isLoopback(host)) return;
  if (!options.auth)
    throw new Error(
      `--host ${host}: a server other machines can reach needs --auth (bearer-passthrough or oauth), so that each caller spends their own key`,
    );
  if (!options.allowHosts?.length)
    throw new Error(
      `--host ${host} needs --allow-host NAME: the names clients reach this server by, or * for any`,
    );
}

function sessionAuthOf(
  auth: HttpAuth | undefined,
  endpointUrl: string,
  log: (line: string) => void,
): SessionAuth | undefined {
  if (auth?.mode === 'bearer-passthrough') return bearerPassthrough();
  if (auth?.mode === 'oauth') return oauthResource(auth, endpointUrl, log);
  return undefined;
}

/**
 * Serves Streamable HTTP at `/mcp`, one MCP session per client (sessions let a tool call ask the user to confirm
 * mid-call). Every request passes the edge's door first (`doorRoute`: its path, one Host the server is reached by,
 * against DNS rebinding, no page of another origin, since a page must not drive a server that holds a key), its body
 * the edge's one rule for bodies. With `auth`, each request then shows whose it is, and a session is bound to the
 * caller who started it: it spends that caller's key, and a request of anyone else on it is refused (401). Sessions
 * are bounded in number, per client (per key or subject with `auth`) and in idle time (`SessionRegistry`); past a
 * bound a new one is refused, never made by closing another. `GET /healthz` answers `{"status":"ok"}` to anyone.
 */
export async function serveHttp(
  createSession: (context: SessionContext) => InferenceInfraMcpServer,
  options: HttpOptions = {},
): Promise<HttpEndpoint> {
  const host = options.host ?? '127.0.0.1';
  checkReach(host, options);
  const maxBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  const bodyRules = { maxBytes, deadlineMs: options.bodyTimeoutMs ?? defaultBodyTimeoutMs };
  const log = options.log ?? (() => undefined);
  const sessions = new SessionRegistry({
    maxSessions: options.maxSessions ?? defaultSessionLimits.maxSessions,
    maxPerClient: options.maxSessionsPerClient ?? defaultSessionLimits.maxPerClient,
    idleMs: options.sessionIdleMs ?? defaultSessionLimits.idleMs,
  });
  // Known once the port is: the origins of the server's own pages, and with OAuth the resource's address.
  let door: DoorPolicy = {
    ownOrigins: [],
    allowOrigins: options.allowOrigins ?? [],
    allowHosts: options.allowHosts?.length ? options.allowHosts : undefined,
    ...(options.auth ? { hostOption: '--allow-host' } : {}),
  };
  let auth: SessionAuth | undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const route = doorRoute(request, door);
    if (isRefusal(route)) {
      answerRefusal(response, route);
      return drainUnread(request);
    }
    if (route === 'health') return answerDocument(request, response, { status: 'ok' }, 'no-store');
    if (route === 'metadata')
      return answerDocument(request, response, auth?.metadata?.document, 'public, max-age=3600');
    const principal = auth ? await auth.authenticate(request) : undefined;
    if (isRefusal(principal)) {
      answerRefusal(response, principal);
      return drainUnread(request);
    }
    if (options.stateless) return statelessRequest(request, response, principal);
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing && principal && !samePrincipal(sessions.clientOf(sessionId as string) ?? '', principal.id)) {
      // The session's own caller is not named: only that this request's credentials are not theirs.
      answerRefusal(
        response,
        unauthorized(
          'Mcp-Session-Id: this session was started with other credentials; a session takes only the credentials that started it',
          {
            error: 'invalid_token',
            ...(auth?.resourceMetadataUrl ? { resourceMetadata: auth.resourceMetadataUrl } : {}),
          },
        ),
      );
      return drainUnread(request);
    }
    const unknownSession = `No such session: unknown, ended, or closed after ${sessions.idleMs} ms without a request (--session-idle-ms); start a new one with initialize`;
    if (request.method !== 'POST') {
      if (!existing) {
        answer(
          response,
          sessionId ? 404 : 400,
          ErrorCode.InvalidRequest,
          sessionId ? unknownSession : 'No session: send Mcp-Session-Id, or start one with initialize (POST)',
        );
        return drainUnread(request);
      }
      // A standalone event stream (GET) does not hold the session: a client that only listens is idle.
      if (request.method === 'GET') sessions.touch(sessionId as string);
      else response.once('close', sessions.begin(sessionId as string));
      return existing.handleRequest(request, response);
    }
    const read = await readJsonBody(request, bodyRules);
    if (isRefusal(read)) {
      answerRefusal(response, read);
      return drainUnread(request);
    }
    if (existing) {
      response.once('close', sessions.begin(sessionId as string));
      return existing.handleRequest(request, response, read.body);
    }
    if (sessionId) return answer(response, 404, ErrorCode.InvalidRequest, unknownSession);
    if (!isInitializeRequest(read.body)) {
      return answer(
        response,
        400,
        ErrorCode.InvalidRequest,
        'No session: the first request must be initialize',
      );
    }
    // Behind a proxy every caller has the proxy's address: with auth, a caller is its key or its token's subject.
    const client = principal?.id ?? clientOf(request.socket.remoteAddress);
    const full = sessions.refusalFor(client, principal?.label);
    if (full) {
      log(`[warn] ${full.message}`);
      return answerRefusal(response, full);
    }
    let context: SessionContext = {};
    if (auth && principal) {
      const apiKey = await auth.keyOf(principal);
      if (isRefusal(apiKey)) return answerRefusal(response, apiKey);
      context = { apiKey, ...(principal.claims ? { claims: principal.claims } : {}) };
    }
    const session = createSession(context);
    if (options.auth?.mode === 'bearer-passthrough' && principal) {
      // A made-up key must hold no place: the API says whether it takes the key before a session is made for it.
      const refused = await keyChecks.refusalFor(principal.id, () => session.keyAccepted());
      if (refused) return answerRefusal(response, refused);
      // Others may have taken the last places while the API answered.
      const nowFull = sessions.refusalFor(client, principal.label);
      if (nowFull) return answerRefusal(response, nowFull);
    }
    const id = randomUUID();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
    });
    // Its place is taken before it is initialized, so initializations at once cannot pass a bound together.
    sessions.add(id, client, transport);
    transport.onclose = () => sessions.remove(id);
    session.server.onerror = (error) => log(`[error] ${session.redact(error?.message ?? String(error))}`);
    await connectRedacted(session.server, transport, session.redact);
    response.once('close', sessions.begin(id));
    await transport.handleRequest(request, response, read.body);
    // An initialize the SDK refused (a bad protocol version, say) made no session: its place is free again.
    if (transport.sessionId === undefined) {
      sessions.remove(id);
      await transport.close().catch(() => undefined);
    }
  };

  const keyChecks = new KeyChecks(options.sessionIdleMs ?? defaultSessionLimits.idleMs);
  let inFlight = 0;
  const statelessRequest = async (
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
  ) => {
    if (request.method !== 'POST') {
      answer(
        response,
        405,
        ErrorCode.InvalidRequest,
        'This server is stateless (--stateless): POST only, no sessions to open, listen to or end',
      );
      return drainUnread(request);
    }
    const maxInFlight = options.maxSessions ?? defaultSessionLimits.maxSessions;
    if (inFlight >= maxInFlight) {
      answer(
        response,
        503,
        ErrorCode.ConnectionClosed,
        `Busy: ${inFlight} requests in flight, the most (--max-sessions); try again`,
      );
      return drainUnread(request);
    }
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
    });
    const read = await readJsonBody(request, bodyRules);
    if (isRefusal(read)) {
      answerRefusal(response, read);
      return drainUnread(request);
    }
    let context: SessionContext = {};
    if (auth && principal) {
      const apiKey = await auth.keyOf(principal);
      if (isRefusal(apiKey)) return answerRefusal(response, apiKey);
      context = { apiKey, ...(principal.claims ? { claims: principal.claims } : {}) };
    }
    return answerStateless(createSession(context), request, response, read.body, log);
  };

  // Node's own answer to a request without Host is a bare 400; this server's says what is missing.
  const server: HttpServer = createServer({ requireHostHeader: false }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A client that went away mid-body has no one to answer, and is no error of this server.
      if (request.readableAborted || (error as NodeJS.ErrnoException)?.code === 'ECONNRESET')
        return response.destroy();
      // With auth the request carries a key (or a token) of its own, which no line may show.
      const redact = redactorOf(auth ? bearerOf(request) : undefined);
      log(`[error] ${redact((error as Error)?.message ?? String(error))}`);
      answer(response, 500, ErrorCode.InternalError, 'Internal error of the MCP server');
    });
  });
  server.on('clientError', answerUnparsed);
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}/mcp`;
  try {
    auth = sessionAuthOf(options.auth, url, log);
  } catch (error) {
    server.close();
    throw error;
  }
  // Off loopback the server has no page of its own that a browser would name: pages that call are listed.
  door = {
    ...door,
    ownOrigins: isLoopback(host) ? ownOrigins(address, port) : [],
    metadataPaths: auth?.metadata?.paths,
  };
  return {
    url,
    close: async () => {
      await sessions.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The bearer token a request carried, for redacting it from a line about that request. */
function bearerOf(request: IncomingMessage): string | undefined {
  const value = request.headers.authorization ?? '';
  return /^bearer +(\S+)/i.exec(value)?.[1];
}
