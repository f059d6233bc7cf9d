import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { createSimulator } from './createSimulator.js';

const key = 'ii_live_simulatorTelemetry1';
const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const parentId = '00f067aa0ba902b7';

function traced() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const simulator = createSimulator({ telemetry: { tracerProvider } });
  const call = (path: string, init: RequestInit = {}) =>
    simulator.fetch(`http://127.0.0.1:4010${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${key}`,
        traceparent: `00-${traceId}-${parentId}-01`,
        ...init.headers,
      },
    });
  return { exporter, call };
}

describe('the simulator as a traced service', () => {
  it("makes each request a SERVER span continuing the caller's traceparent, named by its route", async () => {
    const { exporter, call } = traced();
    const answer = await call('/api/v1/storage/vol_training', {
      method: 'PATCH',
      body: JSON.stringify({ size_gb: 200 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('PATCH /api/v1/storage/{id}');
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.spanContext().traceId).toBe(traceId);
    expect(span?.parentSpanContext).toMatchObject({ spanId: parentId, isRemote: true });
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'PATCH',
      'http.route': '/api/v1/storage/{id}',
      'http.response.status_code': 200,
      'inference_infra.operation_id': 'resizeVolume',
      'inference_infra.request_id': answer.headers.get('x-request-id'),
    });
  });

  it('a failure status of its own (5xx) is an error; a malformed traceparent starts a new trace', async () => {
    const { exporter, call } = traced();
    await call('/v1/embeddings', {
      method: 'POST',
      body: '{"model":"bge-large-en-v1.5","input":"hi"}',
      headers: { 'x-simulate': 'status=500', traceparent: 'not-a-traceparent' },
    });
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('POST /embeddings');
    expect(span?.spanContext().traceId).not.toBe(traceId);
    expect(span?.parentSpanContext).toBeUndefined();
    if (span?.attributes['http.response.status_code'] === 500)
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('is off by default and refuses a provider that is none, naming the option', () => {
    expect(createSimulator().options.telemetry).toBe(false);
    expect(() => createSimulator({ telemetry: { tracerProvider: {} as never } })).toThrow(
      'telemetry.tracerProvider must be an OpenTelemetry TracerProvider (getTracer())',
    );
  });
});
