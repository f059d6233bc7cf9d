import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The fields the instance-type filters and the price order read; fixture rows carry the rest of the schema. */
export interface FilterableInstanceType {
  gpu_type: string;
  gpu_count: number;
  region: string;
  hourly_rate: number;
}

/**
 * How a page of transactions tells where the list ends: `hasMore` (with `total`, the default), `total` alone, nothing
 * (only a short page ends it), or `hasMoreForever`, a server that keeps saying `hasMore: true` past the end.
 */
export type ListEndSignal = 'hasMore' | 'total' | 'nothing' | 'hasMoreForever';

export interface PagingPlatformOptions {
  /** Paged by `limit` and `offset` in the order given: newest first, as the spec assumes. */
  transactions: readonly unknown[];
  listEnd?: ListEndSignal;
  /** The most transactions a page holds whatever the `limit`, as servers that cap pages do. */
  maxPageSize?: number;
  /** The transactions page at this offset is answered 500, to show a failure in the middle of a list. */
  failAtOffset?: number;
  /** Filtered by `gpu_type`, `region` and `gpu_count`, answered cheapest first. */
  instanceTypes: readonly FilterableInstanceType[];
  /** Starts every `x-request-id` (`req_paging_` gives `req_paging_1`, ...), so a test can tell whose answer it saw. */
  requestIdPrefix: string;
  /** Answer 401 to a request without a bearer key, as the API does; preflights are answered regardless. */
  requireBearerKey?: boolean;
  /** Where every other path is passed on (the mock's platform address); without it they are answered 404. */
  upstreamUrl?: string;
}

/**
 * A loopback stand-in for the platform address that applies what Prism does not: billing pages by `limit` and
 * `offset`, and instance-type filters. Prism answers the spec's static examples (three transactions, `hasMore:
 * false`), which cannot show paging to the end. Pages on another origin call it, so every answer carries CORS
 * headers and preflights are answered here.
 */
export interface PagingPlatformServer {
  url: string;
  /** Every request, as `METHOD path?query`, preflights included. */
  requests: string[];
  close(): Promise<void>;
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, PATCH, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-expose-headers': 'x-request-id',
};

function sendJson(res: ServerResponse, status: number, body: unknown, requestId: string) {
  res.writeHead(status, { ...corsHeaders, 'content-type': 'application/json', 'x-request-id': requestId });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, error: Record<string, unknown>, requestId: string) {
  sendJson(res, status, { error: { ...error, requestId } }, requestId);
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

function pageOfTransactions(options: PagingPlatformOptions, query: URLSearchParams, requestId: string) {
  const { transactions, listEnd = 'hasMore', maxPageSize = Number.POSITIVE_INFINITY } = options;
  const limit = Number(query.get('limit') ?? 50);
  const offset = Number(query.get('offset') ?? 0);
  const data = transactions.slice(offset, offset + Math.min(limit, maxPageSize));
  const hasMore = offset + data.length < transactions.length;
  const endSignals: Record<ListEndSignal, object> = {
    hasMore: { hasMore, total: transactions.length },
    total: { total: transactions.length },
    nothing: {},
    hasMoreForever: { hasMore: true },
  };
  return { data, meta: { ...endSignals[listEnd], requestId } };
}

function filteredInstanceTypes(
  instanceTypes: readonly FilterableInstanceType[],
  query: URLSearchParams,
  requestId: string,
) {
  const data = instanceTypes
    .filter((type) => !query.has('gpu_type') || type.gpu_type === query.get('gpu_type'))
    .filter((type) => !query.has('region') || type.region === query.get('region'))
    .filter((type) => !query.has('gpu_count') || type.gpu_count === Number(query.get('gpu_count')))
    .sort((a, b) => a.hourly_rate - b.hourly_rate);
  return { data, meta: { hasMore: false, total: data.length, requestId } };
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestId: string,
  options: PagingPlatformOptions,
) {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, corsHeaders).end();
  } else if (options.requireBearerKey && !req.headers.authorization?.startsWith('Bearer ')) {
    const error = { message: 'Missing bearer key', type: 'authentication_error', code: null, param: null };
    sendError(res, 401, error, requestId);
  } else if (req.method === 'GET' && url.pathname === '/api/v1/billing/transactions') {
    if (Number(url.searchParams.get('offset') ?? 0) === options.failAtOffset) {
      const error = { message: 'Ledger unavailable', type: 'server_error', code: null, param: null };
      sendError(res, 500, error, requestId);
    } else {
      sendJson(res, 200, pageOfTransactions(options, url.searchParams, requestId), requestId);
    }
  } else if (req.method === 'GET' && url.pathname === '/api/v1/instances/types') {
    sendJson(res, 200, filteredInstanceTypes(options.instanceTypes, url.searchParams, requestId), requestId);
  } else if (options.upstreamUrl) {
    await passOn(req, res, url, options.upstreamUrl);
  } else {
    const error = {
      message: `No route ${url.pathname}`,
      type: 'not_found_error',
      code: 'unknown_path',
      param: null,
    };
    sendError(res, 404, error, requestId);
  }
}

/** Starts on a free loopback port. */
export function startPagingPlatformServer(options: PagingPlatformOptions): Promise<PagingPlatformServer> {
  const requests: string[] = [];
  let lastRequestNumber = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    answer(req, res, url, `${options.requestIdPrefix}${++lastRequestNumber}`, options).catch(
      (error: unknown) => {
        // Only passing on can fail: the upstream is down or answered a broken body.
        if (!res.headersSent) res.writeHead(502, corsHeaders);
        res.end(String(error));
      },
    );
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
