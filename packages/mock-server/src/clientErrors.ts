import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Statuses for what Node's HTTP parser refuses before any listener runs; anything else it cannot parse is a 400. */
const statusByCode: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADERS_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * Answers what Node's parser refuses (a malformed request line or header, headers too large, a request that took too
 * long) with the spec's error body instead of Node's bare `400 Bad Request`, then closes that connection only: the
 * server goes on serving everyone else.
 */
export function answerClientErrors(server: Server) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A peer that went away (ECONNRESET) or a socket already answered has no one to tell.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason] = statusByCode[error.code ?? ''] ?? [400, 'Bad Request'];
    const body = JSON.stringify({
      error: {
        message: `The request could not be read as HTTP (${error.code ?? 'parse error'}): send a request line, headers and a body as HTTP/1.1 says.`,
        type: 'invalid_request_error',
        code: 'malformed_http',
        param: null,
        requestId: `req_${randomBytes(8).toString('hex')}`,
      },
    });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
