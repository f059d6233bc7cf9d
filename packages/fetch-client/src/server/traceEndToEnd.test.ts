import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import { keyLeaksIn } from '@inference-infra/test-kit/keyLeaks';
import { type OtlpReceiver, startOtlpReceiver } from '@inference-infra/test-kit/otlpReceiver';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../index.js';
import { createApiRoute } from './createApiRoute.js';
import { toNodeListener } from './toNodeListener.js';

const apiKey = 'ii_live_traceEndToEndSecret7';

let receiver: OtlpReceiver;
let provider: BasicTracerProvider;
let mock: MockServer;
let route: Server;
let routeUrl: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
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
  await receiver.close();
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
