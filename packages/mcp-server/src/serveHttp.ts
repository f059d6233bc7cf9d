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
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { connectRedacted } from './connectRedacted.js';
import type { InferenceInfraMcpServer } from './createMcpServer.js';
import { defaultMaxMessageBytes } from './serveStdio.js';

export interface HttpOptions {
  /** 127.0.0.1 unless another loopback address is given: the key's holder is whoever can reach the port. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  maxMessageBytes?: number;
  /** The most sessions kept at once; the oldest is closed first. */
  maxSessions?: number;
  log?: (line: string) => void;
}

export interface HttpEndpoint {
  /** `http://127.0.0.1:<port>/mcp` */
  url: string;
  close(): Promise<void>;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Whether a host name is loopback: only such a server can be reached by this machine alone. */
export function isLoopback(host: string): boolean {
  return loopbackHosts.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function answer(response: ServerResponse, status: number, code: number, message: string) {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
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

/** The path of an origin-form request target, or undefined for one that is no path (`*`, `http://[/x`, `//[`). */
function pathOf(target: string): string | undefined {
  if (!target.startsWith('/')) return undefined;
  return URL.canParse(target, 'http://127.0.0.1') ? new URL(target, 'http://127.0.0.1').pathname : undefined;
}

/** The body, or why not: too large (checked as it arrives, never after), or not JSON. */
async function readJson(
  request: IncomingMessage,
  maxBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false; status: number; code: number; message: string }> {
  const pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of request) {
    length += (piece as Buffer).length;
    if (length > maxBytes) {
      return {
        ok: false,
        status: 413,
        code: ErrorCode.InvalidRequest,
        message: `Body over ${maxBytes} bytes refused (--max-message-bytes)`,
      };
    }
    pieces.push(piece as Buffer);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(pieces).toString('utf8')) };
  } catch (error) {
    return {
      ok: false,
      status: 400,
      code: ErrorCode.ParseError,
      message: `Parse error: ${(error as Error).message}`,
    };
  }
}

/**
 * Serves Streamable HTTP at `/mcp` on a loopback address, one MCP session per client (sessions let a tool call ask
 * the user to confirm mid-call). A request whose Host or Origin is not loopback is refused (DNS rebinding: a page
 * of another site must not drive a server that holds the key).
 */
export async function serveHttp(
  createSession: () => InferenceInfraMcpServer,
  options: HttpOptions = {},
): Promise<HttpEndpoint> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host))
    throw new Error(`--host ${host}: only loopback addresses are served (127.0.0.1, ::1, localhost)`);
  const maxBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  const maxSessions = options.maxSessions ?? 100;
  const log = options.log ?? (() => undefined);
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const target = request.url ?? '';
    const pathname = pathOf(target);
    if (pathname === undefined)
      return answer(
        response,
        400,
        ErrorCode.InvalidRequest,
        `Bad request target ${JSON.stringify(target.slice(0, 200))}: send the path /mcp`,
      );
    if (pathname !== '/mcp')
      return answer(response, 404, ErrorCode.InvalidRequest, 'Not found: the MCP endpoint is /mcp');
    if (request.headers.host === undefined)
      return answer(response, 400, ErrorCode.InvalidRequest, 'Host header missing: HTTP/1.1 requires one');
    const hostName = request.headers.host.replace(/:\d+$/, '');
    if (!isLoopback(hostName))
      return answer(
        response,
        403,
        ErrorCode.InvalidRequest,
        'Host not allowed: this server answers loopback names only',
      );
    const origin = request.headers.origin;
    if (origin !== undefined && !isLoopback(URL.canParse(origin) ? new URL(origin).hostname : '')) {
      return answer(
        response,
        403,
        ErrorCode.InvalidRequest,
        'Origin not allowed: only pages on loopback may call this server',
      );
    }
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (request.method !== 'POST') {
      if (!existing)
        return answer(response, sessionId ? 404 : 400, ErrorCode.InvalidRequest, 'No such session');
      return existing.handleRequest(request, response);
    }
    const read = await readJson(request, maxBytes);
    if (!read.ok) return answer(response, read.status, read.code, read.message);
    if (existing) return existing.handleRequest(request, response, read.body);
    if (sessionId)
      return answer(
        response,
        404,
        ErrorCode.InvalidRequest,
        'No such session: start a new one with initialize',
      );
    if (!isInitializeRequest(read.body)) {
      return answer(
        response,
        400,
        ErrorCode.InvalidRequest,
        'No session: the first request must be initialize',
      );
    }
    const session = createSession();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        if (sessions.size >= maxSessions) {
          const [oldest] = sessions.values();
          void oldest?.close();
        }
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    session.server.onerror = (error) => log(`[error] ${session.redact(error?.message ?? String(error))}`);
    await connectRedacted(session.server, transport, session.redact);
    await transport.handleRequest(request, response, read.body);
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
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
