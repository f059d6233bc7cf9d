import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the platform address that applies what Prism does not: billing pages by `limit` and
 * `offset`, and instance-type filters. Prism answers the spec's static examples (three transactions, `hasMore:
 * false`), which cannot show paging to the end. Sends CORS headers and answers preflights like the mock does.
 */
export interface PlatformServer {
  url: string;
  /** Every request, as `METHOD path?query`, preflights included. */
  requests: string[];
  close(): Promise<void>;
}

export const transactionCount = 23;

const transactions = Array.from({ length: transactionCount }, (_, index) => ({
  id: `txn_${String(index + 1).padStart(3, '0')}`,
  projectId: 'prj_paging',
  amount: index % 4 === 0 ? 25 : -(index + 1) * 1.5,
  description: `Transaction ${index + 1}`,
  // Newest first, as the spec assumes.
  createdAt: new Date(Date.UTC(2026, 10, 22) - index * 3_600_000).toISOString(),
}));

const instanceTypes = [
  ['it_h100_8x_use1', 'H100', 8, 'us-east-1', 23.92],
  ['it_a10g_1x_use1', 'A10G', 1, 'us-east-1', 0.75],
  ['it_h100_1x_euw1', 'H100', 1, 'eu-west-1', 3.1],
  ['it_l40s_1x_euw1', 'L40S', 1, 'eu-west-1', 1.19],
  ['it_a100_2x_use1', 'A100-80GB', 2, 'us-east-1', 3.58],
].map(([id, gpu_type, gpu_count, region, hourly_rate]) => ({
  id: id as string,
  gpu_type: gpu_type as string,
  gpu_count: gpu_count as number,
  cpu_cores: 16 * (gpu_count as number),
  memory_gb: 120 * (gpu_count as number),
  storage_gb: 500 * (gpu_count as number),
  region: region as string,
  hourly_rate: hourly_rate as number,
  deployment_type: 'on-demand',
}));

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, PATCH, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-expose-headers': 'x-request-id',
};

let lastRequestNumber = 0;

function sendJson(res: ServerResponse, status: number, body: unknown, requestId: string) {
  res.writeHead(status, { ...corsHeaders, 'content-type': 'application/json', 'x-request-id': requestId });
  res.end(JSON.stringify(body));
}

function answer(req: IncomingMessage, res: ServerResponse, url: URL) {
  const requestId = `req_paging_${++lastRequestNumber}`;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, corsHeaders).end();
    return;
  }
  if (!req.headers.authorization?.startsWith('Bearer ')) {
    const error = { message: 'Missing bearer key', type: 'authentication_error', code: null, param: null };
    sendJson(res, 401, { error: { ...error, requestId } }, requestId);
    return;
  }
  const query = url.searchParams;
  if (req.method === 'GET' && url.pathname === '/api/v1/billing/transactions') {
    const limit = Number(query.get('limit') ?? 50);
    const offset = Number(query.get('offset') ?? 0);
    const data = transactions.slice(offset, offset + limit);
    const meta = {
      hasMore: offset + data.length < transactions.length,
      total: transactions.length,
      requestId,
    };
    sendJson(res, 200, { data, meta }, requestId);
    return;
  }
  if (req.method === 'GET' && url.pathname === '/api/v1/instances/types') {
    const data = instanceTypes
      .filter((type) => !query.has('gpu_type') || type.gpu_type === query.get('gpu_type'))
      .filter((type) => !query.has('region') || type.region === query.get('region'))
      .filter((type) => !query.has('gpu_count') || type.gpu_count === Number(query.get('gpu_count')))
      .sort((a, b) => a.hourly_rate - b.hourly_rate);
    sendJson(res, 200, { data, meta: { hasMore: false, total: data.length, requestId } }, requestId);
    return;
  }
  const error = {
    message: `No route ${url.pathname}`,
    type: 'not_found_error',
    code: 'unknown_path',
    param: null,
  };
  sendJson(res, 404, { error: { ...error, requestId } }, requestId);
}

export function startPlatformServer(): Promise<PlatformServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    answer(req, res, url);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
