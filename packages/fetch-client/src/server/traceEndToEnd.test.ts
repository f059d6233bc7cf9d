import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import { keyLeaksIn } from '@inference-infra/test-kit/keyLeaks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../index.js';
import { createApiRoute } from './createApiRoute.js';
import { toNodeListener } from './toNodeListener.js';

const apiKey = 'ii_live_traceEndToEndSecret7';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
}

/** An OTLP/HTTP receiver on loopback: what a collector gets, every byte of it kept. */
async function startReceiver() {
  const bodies: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    bodies.push(Buffer.concat(chunks).toString('utf8'));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const spans = (): ExportedSpan[] =>
    bodies.flatMap((body) =>
      (JSON.parse(body).resourceSpans ?? []).flatMap(
        (resource: { scopeSpans: { scope: { name: string }; spans: ExportedSpan[] }[] }) =>
          resource.scopeSpans.flatMap((scope) =>
            scope.spans.map((span) => ({ ...span, scope: scope.scope.name })),
          ),
      ),
    );
  return {
    server,
    bodies,
    spans,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let provider: BasicTracerProvider;
let mock: MockServer;
let route: Server;
let routeUrl: string;

beforeAll(async () => {
  receiver = await startReceiver();
  provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: receiver.url }))],
  });
  const tracerProvider = provider;
  mock = await startMockServer({ telemetry: { tracerProvider } });
  route = createServer(
    toNodeListener(
      createApiRoute({
        apiKey,
        baseUrl: mock.baseUrl,
        platformUrl: mock.platformUrl,
        operations: ['createChatCompletion'],
        telemetry: { tracerProvider },
      }),
    ),
  );
  route.listen(0, '127.0.0.1');
  await once(route, 'listening');
  routeUrl = `http://127.0.0.1:${(route.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await provider.shutdown();
  route.closeAllConnections();
  route.close();
  await mock.close();
  receiver.server.close();
});

it('exports one trace over OTLP/HTTP from the page client through the route to the simulator, holding no key', async () => {
  const page = createClient({
    apiKey: null,
    baseUrl: `${routeUrl}/v1`,
    platformUrl: routeUrl,
    telemetry: { tracerProvider: provider },
  });
  await page.chat.completions.create({
    model: 'llama-3.1-8b-instruct',
    messages: [{ role: 'user', content: 'hi' }],
  });
  await provider.forceFlush();
  const spans = receiver.spans();
  const byScope = (scope: string) => spans.find((span) => span.scope === scope);
  const call = byScope('@inference-infra/fetch-client');
  const atRoute = byScope('@inference-infra/fetch-client/server');
  const atService = byScope('@inference-infra/mock-server');
  expect(call?.name).toBe('chat llama-3.1-8b-instruct');
  expect(atRoute?.name).toBe('POST /v1/chat/completions');
  expect(atService?.name).toBe('POST /chat/completions');
  expect(new Set([call?.traceId, atRoute?.traceId, atService?.traceId]).size).toBe(1);
  expect(atRoute?.parentSpanId).toBe(call?.spanId);
  expect(atService?.parentSpanId).toBe(atRoute?.spanId);
  // Whatever left for the collector: no piece of the route's key, no message content.
  const exported = receiver.bodies.join('\n');
  expect(keyLeaksIn(apiKey, exported)).toEqual([]);
  expect(exported).not.toContain('"hi"');
});
