import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the platform address that applies what Prism does not: instance-type filters and
 * billing pages by `limit` and `offset`. Any other path (the resize) is passed on to the mock. The page is on
 * another origin, so every answer carries CORS headers and preflights are answered here.
 */
export interface PlatformServer {
  url: string;
  close(): Promise<void>;
}

export const transactionCount = 23;

const transactions = Array.from({ length: transactionCount }, (_, index) => ({
  id: `txn_${String(index + 1).padStart(3, '0')}`,
  projectId: 'prj_playground',
  amount: index % 4 === 0 ? 25 : -Math.round((index + 1) * 137) / 100,
  description: index % 4 === 0 ? 'Credit top-up' : `GPU usage, 1x A10G, ${index + 1} h`,
  // Newest first, as the spec assumes.
  createdAt: new Date(Date.UTC(2026, 10, 22) - index * 86_400_000).toISOString(),
}));

export const instanceTypes = (
  [
    ['it_h100_8x_use1', 'H100', 8, 'us-east-1', 23.92, 'on-demand'],
    ['it_a10g_1x_use1', 'A10G', 1, 'us-east-1', 0.75, 'spot'],
    ['it_h100_1x_euw1', 'H100', 1, 'eu-west-1', 3.1, 'on-demand'],
    ['it_l40s_1x_euw1', 'L40S', 1, 'eu-west-1', 1.19, 'on-demand'],
    ['it_a100_2x_use1', 'A100-80GB', 2, 'us-east-1', 3.58, 'on-demand'],
    ['it_h100_8x_euw1', 'H100', 8, 'eu-west-1', 22.4, 'spot'],
  ] as const
).map(([id, gpu_type, gpu_count, region, hourly_rate, deployment_type]) => ({
  id,
  gpu_type,
  gpu_count,
  cpu_cores: 16 * gpu_count,
  memory_gb: 120 * gpu_count,
  storage_gb: 500 * gpu_count,
  region,
  hourly_rate,
  deployment_type,
}));

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, PATCH, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-expose-headers': 'x-request-id',
};

let lastRequestNumber = 0;

function sendJson(res: ServerResponse, body: unknown, requestId: string) {
  res.writeHead(200, { ...corsHeaders, 'content-type': 'application/json', 'x-request-id': requestId });
  res.end(JSON.stringify(body));
}

async function passOn(req: IncomingMessage, res: ServerResponse, url: URL, upstreamUrl: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const upstream = await fetch(`${upstreamUrl}${url.pathname}${url.search}`, {
    method: req.method,
    headers: {
      authorization: req.headers.authorization ?? '',
      'content-type': req.headers['content-type'] ?? 'application/json',
    },
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
  res.writeHead(upstream.status, {
    ...corsHeaders,
    'content-type': upstream.headers.get('content-type') ?? 'application/json',
    'x-request-id': upstream.headers.get('x-request-id') ?? '',
  });
  res.end(Buffer.from(await upstream.arrayBuffer()));
}

async function answer(req: IncomingMessage, res: ServerResponse, upstreamUrl: string) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const query = url.searchParams;
  const requestId = `req_playground_${++lastRequestNumber}`;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, corsHeaders).end();
  } else if (req.method === 'GET' && url.pathname === '/api/v1/billing/transactions') {
    const limit = Number(query.get('limit') ?? 50);
    const offset = Number(query.get('offset') ?? 0);
    const data = transactions.slice(offset, offset + limit);
    const meta = {
      hasMore: offset + data.length < transactions.length,
      total: transactions.length,
      requestId,
    };
    sendJson(res, { data, meta }, requestId);
  } else if (req.method === 'GET' && url.pathname === '/api/v1/instances/types') {
    const data = instanceTypes
      .filter((type) => !query.has('gpu_type') || type.gpu_type === query.get('gpu_type'))
      .filter((type) => !query.has('region') || type.region === query.get('region'))
      .filter((type) => !query.has('gpu_count') || type.gpu_count === Number(query.get('gpu_count')))
      .sort((a, b) => a.hourly_rate - b.hourly_rate);
    sendJson(res, { data, meta: { hasMore: false, total: data.length, requestId } }, requestId);
  } else {
    await passOn(req, res, url, upstreamUrl);
  }
}

/** Starts on a free loopback port; `upstreamUrl` is the mock's platform address, for everything not handled here. */
export function startPlatformServer(upstreamUrl: string): Promise<PlatformServer> {
  const server = createServer((req, res) => {
    answer(req, res, upstreamUrl).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, corsHeaders);
      res.end(String(error));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
