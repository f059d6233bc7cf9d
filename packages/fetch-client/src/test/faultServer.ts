import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server that misbehaves on purpose. The scenario comes from the `x-fault` request header, so
 * each test picks its fault through the client's `headers` option; hits are counted per scenario.
 */
export type Fault =
  | 'reset'
  | 'error-500-then-ok'
  | 'rate-limited-then-ok'
  | 'rate-limited-briefly-then-ok'
  | 'slow-headers'
  | 'truncated-json'
  | 'invalid-json'
  | 'html-502'
  | 'stream-cut'
  | 'stream-error-event'
  | 'never-ending-body'
  | 'never-ending-stream'
  | 'stream-error-status-stalls'
  | 'stream-rate-limited-event'
  | 'echo-key'
  | 'rate-limit-headers'
  | 'ok';

const instanceTypes = {
  data: [
    {
      id: 'it_a10g',
      gpu_type: 'A10G',
      gpu_count: 1,
      cpu_cores: 8,
      memory_gb: 32,
      storage_gb: 250,
      region: 'us-east-1',
      hourly_rate: 0.75,
      deployment_type: 'spot',
    },
  ],
  meta: { hasMore: false, total: 1, requestId: 'req_fault_ok' },
};

/** One SSE event holding a chat chunk whose delta is `content`. */
export const chunk = (content: string) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fault',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  })}\n\n`;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'x-request-id': `req_fault_${status}`,
    ...headers,
  });
  res.end(text);
}

const errorBody = (type: string, message: string) => ({ error: { message, type, code: null, param: null } });

export async function startFaultServer() {
  const hits = new Map<string, number>();
  const bodies = new Map<string, string[]>();
  const openResponses = new Set<ServerResponse>();
  const closed = new Map<string, number>();

  function handle(req: IncomingMessage, res: ServerResponse) {
    const fault = (req.headers['x-fault'] as Fault | undefined) ?? 'ok';
    const hit = (hits.get(fault) ?? 0) + 1;
    hits.set(fault, hit);
    openResponses.add(res);
    res.on('close', () => {
      openResponses.delete(res);
      closed.set(fault, (closed.get(fault) ?? 0) + 1);
    });
    const authorization = req.headers.authorization ?? '';
    switch (fault) {
      case 'reset':
        req.socket.destroy();
        return;
      case 'error-500-then-ok':
        if (hit === 1) return sendJson(res, 500, errorBody('server_error', 'boom'));
        return sendJson(res, 200, instanceTypes);
      case 'rate-limited-then-ok':
        if (hit === 1)
          return sendJson(res, 429, errorBody('rate_limit_error', 'slow down'), { 'retry-after': '1' });
        return sendJson(res, 200, instanceTypes);
      case 'rate-limited-briefly-then-ok':
        // retry-after-ms: 0, so a retry test need not wait.
        if (hit === 1)
          return sendJson(res, 429, errorBody('rate_limit_error', 'slow down'), { 'retry-after-ms': '0' });
        return sendJson(res, 200, instanceTypes);
      case 'slow-headers':
        setTimeout(() => sendJson(res, 200, instanceTypes), 3_000).unref();
        return;
      case 'truncated-json': {
        const text = JSON.stringify(instanceTypes);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
        res.write(text.slice(0, 40));
        setTimeout(() => req.socket.destroy(), 20).unref();
        return;
      }
      case 'invalid-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data": [');
        return;
      case 'html-502':
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
        return;
      case 'stream-cut':
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_fault_stream' });
        res.write(chunk('Hello'));
        res.write(chunk(' wor'));
        // An errored stream drops what the client has not read yet, so the cut waits until a client that started
        // reading has surely taken the two chunks.
        setTimeout(() => req.socket.destroy(), 300).unref();
        return;
      case 'stream-error-event':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk('Hello'));
        res.end(`event: error\ndata: ${JSON.stringify(errorBody('server_error', 'model crashed'))}\n\n`);
        return;
      case 'never-ending-body':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data": [');
        return;
      case 'never-ending-stream': {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const timer = setInterval(() => res.write(chunk('.')), 20);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'stream-error-status-stalls':
        // A failure status whose error body never ends: the timeout must still bound the call.
        res.writeHead(503, { 'content-type': 'application/json' });
        res.write('{"error": {"message": "overloaded"');
        return;
      case 'stream-rate-limited-event':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk('Hello'));
        res.end(
          `data: ${JSON.stringify(errorBody('rate_limit_error', `Too fast for ${authorization}`))}\n\n`,
        );
        return;
      case 'echo-key':
        // A careless server that repeats the credentials it was sent, in the body and in a header.
        return sendJson(res, 401, errorBody('authentication_error', `Invalid key: ${authorization}`), {
          'www-authenticate': authorization,
        });
      case 'rate-limit-headers':
        // A success that says how much of the quota is left, as OpenAI-style gateways do.
        return sendJson(res, 200, instanceTypes, {
          'x-ratelimit-limit-requests': '600',
          'x-ratelimit-remaining-requests': '599',
          'x-ratelimit-reset-requests': '100ms',
          'x-ratelimit-limit-tokens': '150000',
          'x-ratelimit-remaining-tokens': '149984',
          'x-ratelimit-reset-tokens': '6m0s',
          'retry-after': '2',
        });
      default:
        return sendJson(res, 200, instanceTypes);
    }
  }

  const server = createServer((req, res) => {
    // Read the whole body first so a reset cannot race the client's upload, and keep it for the tests.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const fault = String(req.headers['x-fault'] ?? 'ok');
      bodies.set(fault, [...(bodies.get(fault) ?? []), Buffer.concat(chunks).toString()]);
      handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: (fault: Fault) => hits.get(fault) ?? 0,
    /** How many responses of this fault have closed (answered, or their connection ended). */
    closed: (fault: Fault) => closed.get(fault) ?? 0,
    /** The body of each request that came with this fault, in order. */
    bodies: (fault: Fault) => bodies.get(fault) ?? [],
    resetHits: () => {
      hits.clear();
      closed.clear();
      bodies.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of openResponses) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
