import { connect } from 'node:net';

export interface RawExchange {
  /** Everything the server sent before it closed or the wait ended. */
  text: string;
  /** The answer's status, when a status line came. */
  status?: number;
  headers: Record<string, string>;
  body: string;
  /** How the wait ended: the server closed, the connection was reset, or the answer was whole and the wait stopped. */
  ended: 'closed' | 'reset' | 'answered' | 'timeout';
}

export interface RawRequest {
  /** The bytes to send, exactly (request line, headers, body). */
  bytes: string | Buffer;
  /** Half-close the connection right after sending (a client that goes away before its body ends). */
  closeAfterSend?: boolean;
  /** How long to wait for an answer (default 3000 ms). */
  timeoutMs?: number;
}

const statusLine = /^HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n/;

/**
 * Where the final answer starts: after any interim 1xx answers (`100 Continue` to a request that sent
 * `Expect: 100-continue`), which have a head and no body (RFC 9110 §15.2). `101` is final: the connection changes
 * protocol after it.
 */
function finalAnswerStart(text: string): number {
  let start = 0;
  for (;;) {
    const status = statusLine.exec(text.slice(start))?.[1];
    const headEnd = text.indexOf('\r\n\r\n', start);
    if (status === undefined || !/^1\d\d$/.test(status) || status === '101' || headEnd < 0) return start;
    start = headEnd + 4;
  }
}

/**
 * Whether `text` holds a whole answer: a head, then `content-length` bytes, or a chunked body's last chunk; a head
 * alone where the answer has no body by RFC 9112 §6.3 (to HEAD, 1xx, 204, 304). Knowing this, a test reads what
 * a client reads and stops, instead of waiting for the server's keep-alive timeout to close the connection.
 */
function answerIsWhole(text: string, method: string): boolean {
  const start = finalAnswerStart(text);
  const headEnd = text.indexOf('\r\n\r\n', start);
  if (headEnd < 0) return false;
  const head = text.slice(start, headEnd).toLowerCase();
  const status = statusLine.exec(text.slice(start))?.[1] ?? '';
  if (method === 'HEAD' || /^(1\d\d|204|304)$/.test(status)) return true;
  const body = text.slice(headEnd + 4);
  const length = /\r\ncontent-length: *(\d+)/.exec(head)?.[1];
  if (length !== undefined) return body.length >= Number(length);
  if (/\r\ntransfer-encoding: *chunked/.test(head)) return body.endsWith('0\r\n\r\n');
  return false;
}

/**
 * Reads the final answer's head and body (after any interim 1xx answers; a chunked body de-chunked); undefined parts
 * when the text is no HTTP answer.
 */
export function parseAnswer(whole: string): Pick<RawExchange, 'status' | 'headers' | 'body'> {
  const text = whole.slice(finalAnswerStart(whole));
  const match = statusLine.exec(text);
  const headEnd = text.indexOf('\r\n\r\n');
  if (!match || headEnd < 0) return { headers: {}, body: '' };
  const headers: Record<string, string> = {};
  for (const line of text.slice(match[0].length, headEnd).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(headEnd + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let rest = body;
    body = '';
    for (;;) {
      const sizeEnd = rest.indexOf('\r\n');
      const size = Number.parseInt(rest.slice(0, sizeEnd), 16);
      if (sizeEnd < 0 || !Number.isFinite(size) || size === 0) break;
      body += rest.slice(sizeEnd + 2, sizeEnd + 2 + size);
      rest = rest.slice(sizeEnd + 2 + size + 2);
    }
  }
  return { status: Number(match[1]), headers, body };
}

/** The method of the request in `bytes` (its first word), which decides whether its answer has a body. */
function methodOf(bytes: string | Buffer): string {
  const start = (typeof bytes === 'string' ? bytes : bytes.subarray(0, 64).toString('latin1')).slice(0, 64);
  return start.split(' ', 1)[0] ?? '';
}

/**
 * Sends bytes as they are over a real socket to 127.0.0.1 (no client library to tidy them up) and collects what
 * comes back: for the tests that send what no well-behaved client would.
 */
export function sendRaw(port: number, { bytes, closeAfterSend = false, timeoutMs = 3000 }: RawRequest) {
  return new Promise<RawExchange>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const method = methodOf(bytes);
    let text = '';
    const finish = (ended: RawExchange['ended']) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, ended, ...parseAnswer(text) });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (answerIsWhole(text, method)) finish('answered');
    });
    socket.on('end', () => finish('closed'));
    socket.on('error', () => finish('reset'));
    socket.on('connect', () => {
      socket.write(bytes);
      if (closeAfterSend) socket.end();
    });
  });
}

/** A body read as JSON when it is JSON, else as the text it is (so an assertion shows what came). */
export function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface OversizedRequest {
  /** The request line and headers without the final blank line; `content-length` and `connection: close` are added. */
  head: string;
  /** How many bytes the body announces and sends (unless the connection ends first). */
  bodyBytes: number;
  timeoutMs?: number;
}

/**
 * Sends a body larger than a door takes, announced by `content-length`, with `Connection: close`, and keeps sending it
 * while the answer comes, as a browser or curl does: what the client could read. A door that closes its socket on the
 * unread body resets the connection, and the kernel then drops the answer before the client reads it.
 */
export function sendOversized(port: number, { head, bodyBytes, timeoutMs = 60_000 }: OversizedRequest) {
  return new Promise<RawExchange>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    let sent = 0;
    const chunk = Buffer.alloc(256 * 1024, 'x');
    let done = false;
    // The answer is read once the whole body is sent, as a client that writes its request before reading does: a
    // server that closes on the unread body resets the connection under it, and the answer is lost.
    let reading = false;
    const finish = (ended: RawExchange['ended']) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, ended, ...parseAnswer(text) });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    const pump = () => {
      while (!done && sent < bodyBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent));
        sent += piece.length;
        if (!socket.write(piece)) return;
      }
      if (sent >= bodyBytes && !reading) {
        reading = true;
        socket.resume();
      }
    };
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      text += data;
      if (answerIsWhole(text, head.split(' ', 1)[0] ?? '')) finish('answered');
    });
    socket.on('drain', pump);
    socket.on('end', () => finish('closed'));
    socket.on('error', () => finish('reset'));
    socket.pause();
    socket.on('connect', () => {
      socket.write(`${head}\r\ncontent-length: ${bodyBytes}\r\nconnection: close\r\n\r\n`, 'latin1');
      pump();
    });
  });
}
