import { createSimulator } from '@inference-infra/mock-server';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { expect, it } from 'vitest';
import { createClient } from '../index.js';
import { createApiRoute } from './createApiRoute.js';

const apiKey = 'ii_live_routeTelemetryKey99';

/** A page's keyless client, the app's route and the service, in one process, each reporting to one SDK. */
function pageRouteService() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const simulator = createSimulator();
  const upstreamHeaders: Headers[] = [];
  const route = createApiRoute({
    apiKey,
    baseUrl: 'http://127.0.0.1:4010/v1',
    platformUrl: 'http://127.0.0.1:4011',
    operations: ['resizeVolume', 'createChatCompletion'],
    telemetry: { tracerProvider },
    fetch: ((input: Request, init?: RequestInit) => {
      upstreamHeaders.push(new Headers(init?.headers ?? input.headers));
      return simulator.fetch(input, init);
    }) as typeof fetch,
  });
  const page = createClient({
    apiKey: null,
    baseUrl: 'http://127.0.0.1:3000/v1',
    platformUrl: 'http://127.0.0.1:3000',
    telemetry: { tracerProvider },
    fetch: ((input: Request) => route(input)) as typeof fetch,
  });
  return { exporter, page, upstreamHeaders };
}

it('one trace from the page through the route to the service: the route span is the child of the call and the parent of the upstream call', async () => {
  const { exporter, page, upstreamHeaders } = pageRouteService();
  await page.instances.listTypes({ gpu_type: 'A100' });
  const [routeSpan, callSpan] = exporter.getFinishedSpans();
  expect(callSpan?.name).toBe('GET /api/v1/instances/types');
  expect(routeSpan?.name).toBe('GET /api/v1/instances/types');
  expect(routeSpan?.kind).toBe(SpanKind.SERVER);
  expect(routeSpan?.attributes).toMatchObject({
    'http.route': '/api/v1/instances/types',
    'http.response.status_code': 200,
    'inference_infra.operation_id': 'listInstanceTypes',
  });
  expect(routeSpan?.spanContext().traceId).toBe(callSpan?.spanContext().traceId);
  expect(routeSpan?.parentSpanContext?.spanId).toBe(callSpan?.spanContext().spanId);
  const { traceId, spanId } = routeSpan?.spanContext() ?? {};
  expect(upstreamHeaders[0]?.get('traceparent')).toBe(`00-${traceId}-${spanId}-01`);
  // The key the route adds never shows in a span.
  expect(JSON.stringify(exporter.getFinishedSpans().map((span) => span.attributes))).not.toContain(
    'routeTelemetryKey',
  );
});

it('names inference routes with their /v1 path and marks a failure status as the route answered it', async () => {
  const { exporter, page } = pageRouteService();
  await page.chat.completions.create({
    model: 'llama-3.1-8b-instruct',
    messages: [{ role: 'user', content: 'hi' }],
  });
  await page.storage.resize('vol_training', { size_gb: 50 }).catch(() => undefined);
  const routeSpans = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
  expect(routeSpans.map((span) => span.name)).toEqual([
    'POST /v1/chat/completions',
    'PATCH /api/v1/storage/{id}',
  ]);
  expect(routeSpans[1]?.attributes['http.response.status_code']).toBe(409);
  // A 4xx is the client's failure, not the server's: the server span's status stays unset, as the conventions say.
  expect(routeSpans[1]?.status.code).toBe(SpanStatusCode.UNSET);
});
