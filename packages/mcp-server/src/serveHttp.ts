import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { isLoopbackAddress, isRefusal, type Refusal } from '@inference-infra/edge';
import { drainUnread } from '@inference-infra/edge/node';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { connectRedacted } from './connectRedacted.js';
import type { InferenceInfraMcpServer } from './createMcpServer.js';
import { type DoorPolicy, doorRefusal, ownOrigins } from './httpDoor.js';
import { readJsonBody } from './requestBody.js';
import { defaultMaxMessageBytes } from './serveStdio.js';
import { clientOf, defaultSessionLimits, SessionRegistry } from './sessionRegistry.js';

/** How long a request's body may take to arrive by default: a message of 8 MiB takes well under a second here. */
export const defaultBodyTimeoutMs = 30_000;

export interface HttpOptions {
  /** 127.0.0.1 unless another loopback address is given: the key's holder is whoever can reach the port. */
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

function answer(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { ...headers, 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

/** JSON-RPC's code for an error of the server itself (-32000 to -32099 are the implementation's): a bound met. */
const serverBound = -32000;

/** A refusal of the edge as this server's error body: a JSON-RPC error, with the refusal's HTTP status. */
function answerRefusal(response: ServerResponse, refused: Refusal) {
  const code =
    refused.code === 'parse_error'
      ? ErrorCode.ParseError
      : refused.status === 429 || refused.status === 503
        ? serverBound
        : ErrorCode.InvalidRequest;
  answer(response, refused.status, code, refused.message, refused.headers);
}

/** Statuses of what Node's parser refuses before any handler runs; anything else it cannot read is a 400. */
const parserStatus: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_HEADERS_TIMEOUT: 408,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Answers what Node's parser refuses (a malformed request line or header, headers too large or too slow) with a
 * JSON-RPC error body instead of Node's bare 400, and closes that connection only.
 */
function answerUnparsed(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = parserStatus[error.code ?? ''] ?? 400;
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: {
      code: ErrorCode.InvalidRequest,
      message: `The request could not be read as HTTP (${error.code ?? 'parse error'}): send a request line, headers and a body as HTTP/1.1 says`,
    },
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Serves Streamable HTTP at `/mcp` on a loopback address, one MCP session per client (sessions let a tool call ask
 * the user to confirm mid-call). Every request passes the edge's door first (`doorRefusal`: its path, one loopback
 * Host against DNS rebinding, no page of another origin, since a page must not drive a server that holds the key),
 * its body the edge's one rule for bodies. Sessions are bounded in number, per client and in idle time
 * (`SessionRegistry`); past a bound a new one is refused, never made by closing another.
 */
export async function serveHttp(
  createSession: () => InferenceInfraMcpServer,
  options: HttpOptions = {},
): Promise<HttpEndpoint> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host))
    throw new Error(`--host ${host}: only loopback addresses are served (127.0.0.1, ::1, localhost)`);
  const maxBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  const bodyRules = { maxBytes, deadlineMs: options.bodyTimeoutMs ?? defaultBodyTimeoutMs };
  const log = options.log ?? (() => undefined);
  const sessions = new SessionRegistry({
    maxSessions: options.maxSessions ?? defaultSessionLimits.maxSessions,
    maxPerClient: options.maxSessionsPerClient ?? defaultSessionLimits.maxPerClient,
    idleMs: options.sessionIdleMs ?? defaultSessionLimits.idleMs,
  });
  // Known once the port is: the origins of the server's own pages.
  let door: DoorPolicy = { ownOrigins: [], allowOrigins: options.allowOrigins ?? [] };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const refused = doorRefusal(request, door);
    if (refused) {
      answerRefusal(response, refused);
      return drainUnread(request);
    }
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
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
    const client = clientOf(request.socket.remoteAddress);
    const full = sessions.refusalFor(client);
    if (full) {
      log(`[warn] ${full.message}`);
      return answerRefusal(response, full);
    }
    const id = randomUUID();
    const session = createSession();
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

  // Node's own answer to a request without Host is a bare 400; this server's says what is missing.
  const server: HttpServer = createServer({ requireHostHeader: false }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A client that went away mid-body has no one to answer, and is no error of this server.
      if (request.readableAborted || (error as NodeJS.ErrnoException)?.code === 'ECONNRESET')
        return response.destroy();
      log(`[error] ${(error as Error)?.message ?? String(error)}`);
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
  door = { ...door, ownOrigins: ownOrigins(address, port) };
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    close: async () => {
      await sessions.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
