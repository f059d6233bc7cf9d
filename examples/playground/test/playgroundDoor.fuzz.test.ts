import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describeDoorFuzz, upstreamOperationPaths } from '@inference-infra/test-kit/doorFuzz';
import { type HostileUpstream, startHostileUpstream } from '@inference-infra/test-kit/hostileUpstream';
import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import { type StaticServer, startStaticServer } from '@inference-infra/test-kit/staticServer';
import spec from '@inference-infra/types/openapi.json' with { type: 'json' };
import { afterAll, beforeAll } from 'vitest';
import { createPlaygroundRoute } from '../scripts/playgroundRoute.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const pricingRenderer = new URL('../dist-server/renderPricingPage.js', import.meta.url).href;
// Random-looking, as real keys are: a key holding words of the page (`playground`) would be found in its files.
const apiKey = 'ii_live_Zq7xW2kR9vT4mB8nC3pH';
/** The pricing page's deadline as the fuzz sets it: short, so a silent or endless upstream ends quickly. */
const renderTimeoutMs = 1_000;

let upstream: HostileUpstream;
let playground: StaticServer;
let port = 0;

beforeAll(async () => {
  if (!existsSync(`${distDir}/index.html`) || !existsSync(new URL(pricingRenderer)))
    throw new Error(
      'examples/playground is not built: run `pnpm --filter @inference-infra/playground build`',
    );
  const { renderPricingPage } = (await import(
    pricingRenderer
  )) as typeof import('../src/pricing/renderPricingPage.js');
  upstream = await startHostileUpstream(apiKey);
  const api = { baseUrl: `${upstream.url}/v1`, platformUrl: upstream.url, apiKey };
  // The server `pnpm start` runs (files, the pricing page, the API route), in front of the hostile upstream.
  const route = createPlaygroundRoute({
    distDir,
    api,
    render: (options) => renderPricingPage(api, options),
    renderTimeoutMs,
  });
  playground = await startStaticServer({
    rootDir: distDir,
    route: (req, res: ServerResponse) => route(req, res),
  });
  port = Number(new URL(playground.url).port);
});

afterAll(async () => {
  await playground?.close();
  await upstream?.close();
});

describeDoorFuzz({
  name: "the playground's server (files, pricing page, API route)",
  port: () => port,
  key: apiKey,
  // The API route's refusals are the spec's error body; the pricing page's (a page a visitor opened) an HTML page.
  isErrorBody: (body) =>
    typeof (body as { error?: { message?: unknown } })?.error?.message === 'string' ||
    (typeof body === 'string' && body.startsWith('<!doctype html>')),
  stillServes: async () => {
    const [page, api] = await Promise.all([
      fetch(`http://127.0.0.1:${port}/`),
      fetch(`http://127.0.0.1:${port}/api/v1/instances/types`),
    ]);
    await Promise.all([page.arrayBuffer(), api.arrayBuffer()]);
    return page.status === 200 && api.status === 200;
  },
  paths: [
    '/',
    '/index.html',
    '/pricing',
    '/v1/chat/completions',
    '/api/v1/instances/types',
    '/api/v1/storage/vol_1',
  ],
  upstream: {
    get server() {
      return upstream;
    },
    operationPaths: upstreamOperationPaths(spec),
    // A visitor opening the server-rendered page, which spends an upstream call with the key.
    callThrough: async (signal) => {
      const bytes = `GET /pricing HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nsec-fetch-site: none\r\n\r\n`;
      const exchange = await sendRaw(port, { bytes, timeoutMs: renderTimeoutMs + 5_000 });
      if (signal.aborted || exchange.ended === 'timeout') throw new Error('no end');
      return exchange.text;
    },
    deadlineMs: renderTimeoutMs,
    maxAnswerBytes: 2 * 1024 * 1024,
    pageCalls: { '/pricing': ['/api/v1/instances/types'] },
  },
  policy: { hosts: 'loopback', origins: 'self' },
  probe: { method: 'GET', target: '/pricing' },
  numRuns: 80,
});
