import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Refusal } from '@inference-infra/edge';
import { drainUnread } from '@inference-infra/edge/node';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error as the answer's body, with its HTTP status: every refusal of this server has this shape. */
export function answer(
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
export function answerRefusal(response: ServerResponse, refused: Refusal) {
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
export function answerUnparsed(error: NodeJS.ErrnoException, socket: Duplex) {
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
 * A JSON document of the server (the health check's, the resource metadata) to GET, or its headers alone to HEAD.
 * Health is for probes, which must not see a cached answer (`no-store`); the metadata changes only with a restart.
 */
export function answerDocument(
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
  cacheControl: string,
) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    answer(response, 405, ErrorCode.InvalidRequest, 'Method: only GET and HEAD', { allow: 'GET, HEAD' });
    return drainUnread(request);
  }
  const text = JSON.stringify(body);
  response.writeHead(200, {
    'cache-control': cacheControl,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}
