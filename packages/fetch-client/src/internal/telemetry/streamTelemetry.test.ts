import {
  AggregationTemporality,
  type DataPoint,
  type Histogram,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { createClient, type StreamIdleTimeoutError, type TelemetryOptions } from '../../index.js';
import { drain } from '../../test/drain.js';

// The GenAI conventions' time per output chunk, and the chunk count of a stream, over real HTTP to the run's simulator.
class TestReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush() {}
  protected async onShutdown() {}
}

const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let reader: TestReader;
let meterProvider: MeterProvider;
beforeEach(() => {
  exporter.reset();
  reader = new TestReader();
  meterProvider = new MeterProvider({ readers: [reader] });
});

const body = { model: 'llama-3.1-8b-instruct', messages: [{ role: 'user' as const, content: 'Say hi' }] };
const clientWith = (telemetry: TelemetryOptions, options: { streamIdleTimeoutMs?: number } = {}) =>
  createClient({
    apiKey: 'ii_live_streamtelemetry01',
    baseUrl: inject('mockBaseUrl'),
    telemetry,
    ...options,
  });

async function timePerChunk(): Promise<DataPoint<Histogram>[]> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((m) => m.descriptor.name === 'gen_ai.client.operation.time_per_output_chunk');
  return (metric?.dataPoints ?? []) as DataPoint<Histogram>[];
}

const onlySpan = () => {
  expect(exporter.getFinishedSpans()).toHaveLength(1);
  return exporter.getFinishedSpans()[0] as ReadableSpan;
};

describe('a stream, measured', () => {
  it('records the time per output chunk for each chunk after the first, and the chunk count on the span', async () => {
    const client = clientWith({ tracerProvider, meterProvider });
    const stream = await client.chat.completions.create(
      { ...body, stream: true },
      { headers: { 'x-simulate': 'stream-drip-ms=5' } },
    );
    let chunks = 0;
    for await (const _ of stream) chunks += 1;
    const [point] = await timePerChunk();
    expect(point?.value.count).toBe(chunks - 1);
    expect(point?.value.min).toBeGreaterThanOrEqual(0);
    expect(point?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': body.model,
    });
    expect(point?.attributes['gen_ai.response.model']).toBeUndefined();
    expect(onlySpan().attributes['inference_infra.stream.chunk_count']).toBe(chunks);
  });

  it('counts the chunks that arrived before a stall ended the stream, with the idle timeout as error.type', async () => {
    const client = clientWith({ tracerProvider, meterProvider }, { streamIdleTimeoutMs: 200 });
    const stream = await client.chat.completions.create(
      { ...body, stream: true },
      { headers: { 'x-simulate': 'stream-drip-ms=0;stream-stall-after=3;stream-stall-ms=600000' } },
    );
    const error = (await drain(stream)) as StreamIdleTimeoutError;
    expect(error.name).toBe('StreamIdleTimeoutError');
    const span = onlySpan();
    expect(span.attributes).toMatchObject({
      'inference_infra.stream.chunk_count': 3,
      'error.type': 'StreamIdleTimeoutError',
    });
    expect((await timePerChunk())[0]?.value.count).toBe(2);
  });

  it('records no time per chunk for an answer that is not streamed, and none without a meter', async () => {
    await clientWith({ tracerProvider, meterProvider }).chat.completions.create(body);
    expect(await timePerChunk()).toEqual([]);
    expect(onlySpan().attributes['inference_infra.stream.chunk_count']).toBeUndefined();
    exporter.reset();
    const stream = await clientWith({ tracerProvider }).chat.completions.create({ ...body, stream: true });
    await drain(stream);
    expect(await timePerChunk()).toEqual([]);
  });
});
