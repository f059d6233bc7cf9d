import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createSimulator } from '@inference-infra/mock-server';
import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isApiPathname } from './apiRouteMatch.js';
import { createApiRoute } from './createApiRoute.js';
import { toNodeListener } from './toNodeListener.js';

const apiKey = 'ii_live_traceInBrowserKey3';
const exporter = new InMemorySpanExporter();
let server: Server;
let origin: string;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../test/tracedPage.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const simulator = createSimulator({ telemetry: { tracerProvider }, streamEventIntervalMs: 0 });
  const route = toNodeListener(
    createApiRoute({
      apiKey,
      baseUrl: 'http://127.0.0.1:4010/v1',
      platformUrl: 'http://127.0.0.1:4011',
      operations: ['createChatCompletion'],
      fetch: simulator.fetch as typeof fetch,
      telemetry: { tracerProvider },
    }),
  );
  // The app: its page, its script, and the route under its own origin.
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (isApiPathname(path)) return route(request, response);
    if (path === '/page.js')
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>traced page</title><script type="module" src="/page.js"></script>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

it('a page in Chromium traces its calls with the SDK, and the route and the service continue its trace', async () => {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const problems = createPageProblems();
    await blockRequestsPastLoopback(context, problems);
    const page = await context.newPage();
    recordPageProblems(page, problems);
    const sentHeaders: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (isApiPathname(new URL(request.url()).pathname)) sentHeaders.push(request.headers());
    });
    await page.goto(origin);
    await page.waitForFunction(() => 'tracedCalls' in window);
    const pageSpans = (await page.evaluate(() =>
      (window as unknown as { tracedCalls: () => Promise<unknown> }).tracedCalls(),
    )) as { name: string; traceId: string; spanId: string; attributes: Record<string, unknown> }[];

    expect(pageSpans.map((span) => span.name)).toEqual([
      'GET /api/v1/instances/types',
      'chat llama-3.1-8b-instruct',
    ]);
    const [types, chat] = pageSpans;
    expect(chat?.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
    expect(sentHeaders[0]?.traceparent).toBe(`00-${types?.traceId}-${types?.spanId}-01`);
    for (const pageSpan of pageSpans) {
      // The route's span is the page span's child, and the service's span the route's.
      const atRoute = exporter
        .getFinishedSpans()
        .find((span) => span.parentSpanContext?.spanId === pageSpan.spanId);
      const atService = exporter
        .getFinishedSpans()
        .find((span) => span.parentSpanContext?.spanId === atRoute?.spanContext().spanId);
      expect(atRoute?.spanContext().traceId, pageSpan.name).toBe(pageSpan.traceId);
      expect(atService?.spanContext().traceId, pageSpan.name).toBe(pageSpan.traceId);
    }
    expect(JSON.stringify(exporter.getFinishedSpans().map((span) => span.attributes))).not.toContain(
      'traceInBrowserKey',
    );
    expect([...problems.requestsPastLoopback, ...problems.failedRequests, ...problems.consoleErrors]).toEqual(
      [],
    );
  } finally {
    await browser.close();
  }
}, 120_000);
