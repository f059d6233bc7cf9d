import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readCappedBody } from '../bodyLimits.js';
import { isRefusal } from '../refusal.js';
import { bodyStream } from './bodyStream.js';
import { drainUnread } from './incomingFacts.js';

const limits = { maxBytes: 1024, deadlineMs: 300, options: { maxBytes: 'max', deadlineMs: 'deadline' } };
const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A server that reads each body through `bodyStream` and answers what `readCappedBody` came to. */
async function cappedServer() {
  const server = createServer(async (req, res) => {
    const read = await readCappedBody(bodyStream(req), req.headers['content-length'], limits);
    const status = isRefusal(read) ? read.status : 200;
    res
      .writeHead(status, { 'content-type': 'text/plain' })
      .end(isRefusal(read) ? read.code : `${read.length}`);
    drainUnread(req);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.closeAllConnections());
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const post = async (url: string, body: BodyInit) => {
  try {
    const answer = await fetch(url, { method: 'POST', body, duplex: 'half' } as RequestInit);
    return `${answer.status} ${await answer.text()}`;
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code ?? error);
  }
};

describe('bodyStream', () => {
  it('reads a whole body', async () => {
    expect(await post(await cappedServer(), 'x'.repeat(1000))).toBe('200 1000');
  });

  it('leaves a refused body to drainUnread: the client reads the 413, and its connection serves the next request', async () => {
    const url = await cappedServer();
    // One connection for all: fetch reuses the idle one, which a refused body must have left in order.
    for (let round = 0; round < 3; round += 1) {
      expect(await post(url, 'x'.repeat(200_000))).toBe('413 body_too_large');
      expect(await post(url, '{}')).toBe('200 2');
    }
  });

  it('times out a body that stops arriving', async () => {
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
      },
    });
    expect(await post(await cappedServer(), stalled)).toBe('408 body_timeout');
  });
});
