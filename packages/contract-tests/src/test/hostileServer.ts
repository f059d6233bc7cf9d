import { createServer, type Socket } from 'node:net';

export interface HostileRequest {
  /** 0 for the first request the server got, counting across connections. */
  index: number;
  method: string;
  path: string;
  /** Header names in lower case; values as the bytes came, read as Latin-1. */
  headers: Record<string, string>;
}

export interface HostileAnswer {
  status: number;
  /** The reason phrase, written as is: anything, a key or a line break included. */
  reason: string;
  headers: Array<[string, string]>;
  body: string;
  /**
   * `whole`: the body with its length. `cut`: a length 1000 bytes longer than the body, then the connection closes.
   * `endless`: a chunked body of `body` over and over until the client goes away.
   */
  framing?: 'whole' | 'cut' | 'endless';
  /** How the status line and headers become bytes: browsers' servers differ, and fetch reads them differently. */
  headEncoding?: 'latin1' | 'utf8';
}

export interface HostileServer {
  /** `http://127.0.0.1:PORT`: loopback only. */
  url: string;
  /** Requests answered so far. */
  requests(): number;
  /** Body bytes written by `endless` answers so far. */
  endlessBytes(): number;
  close(): Promise<void>;
}

function headOf(answer: HostileAnswer, length: number | undefined): Buffer {
  const lines = [
    `HTTP/1.1 ${answer.status} ${answer.reason}`,
    ...answer.headers.map(([n, v]) => `${n}: ${v}`),
  ];
  lines.push(
    length === undefined ? 'transfer-encoding: chunked' : `content-length: ${length}`,
    'connection: close',
  );
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, answer.headEncoding ?? 'latin1');
}

/**
 * A server that answers whatever `answer` says, over a raw socket, so nothing stands between the test and the bytes
 * (Node's HTTP server refuses a line break in a reason phrase; a hostile server does not). One request per
 * connection; the request body is read and ignored.
 */
export async function startHostileServer(
  answer: (request: HostileRequest) => HostileAnswer,
): Promise<HostileServer> {
  let answered = 0;
  let endlessBytes = 0;
  const sockets = new Set<Socket>();

  const respond = (socket: Socket, request: HostileRequest) => {
    const reply = answer(request);
    const body = Buffer.from(reply.body, 'utf8');
    if (reply.framing === 'endless') {
      socket.write(headOf(reply, undefined));
      const chunk = Buffer.concat([
        Buffer.from(`${body.length.toString(16)}\r\n`),
        body,
        Buffer.from('\r\n'),
      ]);
      const pump = () => {
        while (!socket.destroyed && socket.write(chunk)) endlessBytes += body.length;
      };
      socket.on('drain', pump);
      pump();
      return;
    }
    const declared = reply.framing === 'cut' ? body.length + 1000 : body.length;
    socket.write(Buffer.concat([headOf(reply, declared), body]));
    if (reply.framing === 'cut') socket.destroy();
    else socket.end();
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // The client drops connections on purpose (a body past the cap): that is no error of the test.
    socket.on('error', () => {});
    let received = Buffer.alloc(0);
    const onData = (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [requestLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      if (received.length - end - 4 < Number(headers['content-length'] ?? 0)) return;
      socket.off('data', onData);
      const [method = '', path = ''] = requestLine.split(' ');
      respond(socket, { index: answered, method, path, headers });
      answered += 1;
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => answered,
    endlessBytes: () => endlessBytes,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
