import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainUnread } from './incomingFacts.js';

// A door's refusal of a body past its cap, then `drainUnread`: what the simulator, the MCP server and the route do.
// The client sends `Connection: close` and goes on sending.

let port = 0;
const server = createServer((req, res) => {
  let read = 0;
  const cap = 1024 * 1024;
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read <= cap) return;
    req.off('data', onData);
    res.writeHead(413, { 'content-type': 'application/json' }).end('{"error":"body_too_large"}');
    drainUnread(req);
  };
  req.on('data', onData);
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
beforeAll(() => {
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** 50 MB sent with `Connection: close`; what the client read before the connection ended. */
function sendFiftyMegabytes(): Promise<{ text: string; ended: string }> {
  return new Promise((resolve) => {
    const total = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    let sent = 0;
    let done = false;
    // The answer is read once the whole body is sent, as a client that writes its request before reading does: a
    // server that closes on the unread body resets the connection under it, and the answer is lost.
    let reading = false;
    const finish = (ended: string) => {
      if (done) return;
      done = true;
      clearTimeout(watchdog);
      socket.destroy();
      resolve({ text, ended });
    };
    // A watchdog far past the lingering close's own bounds, for a test that would otherwise hang.
    const watchdog = setTimeout(() => finish('timeout'), 60_000);
    const pump = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!socket.write(chunk)) return;
      }
      if (sent >= total && !reading) {
        reading = true;
        socket.resume();
      }
    };
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      text += data;
      if (text.includes('body_too_large')) finish('answered');
    });
    socket.on('drain', pump);
    socket.on('end', () => finish('closed'));
    socket.on('error', () => finish('reset'));
    socket.pause();
    socket.on('connect', () => {
      socket.write(
        `POST /v1/x HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${total}\r\nconnection: close\r\n\r\n`,
      );
      pump();
    });
  });
}

describe('drainUnread on a connection that closes after the answer', () => {
  it('lets the client read the 413 every time, never a reset (a lingering close, as nginx does)', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { text, ended } = await sendFiftyMegabytes();
      expect({ round, ended, status: text.slice(0, 12) }).toEqual({
        round,
        ended: 'answered',
        status: 'HTTP/1.1 413',
      });
    }
  }, 300_000);
});
