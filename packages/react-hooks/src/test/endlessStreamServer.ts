import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A chat stream that never ends: a chunk every 50 ms until the client goes away. An abort test on it cannot race
 * the end of the stream, however slow the machine. Sends CORS headers, since the hook tests fetch like a page.
 */
export async function startEndlessStreamServer() {
  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST',
      'access-control-expose-headers': '*',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    req.resume();
    res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'x-request-id': 'req_endless' });
    let n = 0;
    const chunk = () =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-endless',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'm',
        choices: [{ index: 0, delta: { content: `${n++} ` }, finish_reason: null }],
      })}\n\n`;
    res.write(chunk());
    const timer = setInterval(() => res.write(chunk()), 50);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
