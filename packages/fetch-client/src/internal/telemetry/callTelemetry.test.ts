import { createSimulator } from '@inference-infra/mock-server';
import { keyLeaksIn } from '@inference-infra/test-kit/keyLeaks';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  AggregationTemporality,
  type DataPoint,
  type Histogram,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIUserAbortError,
  ClientConfigError,
  createClient,
  type TelemetryOptions,
} from '../../index.js';
import { drain } from '../../test/drain.js';
import { type Fault, startFaultServer } from '../../test/faultServer.js';

const apiKey = 'ii_live_telemetrySecretKey42';
const baseUrl = 'http://127.0.0.1:9/v1';
const platformUrl = 'http://127.0.0.1:9';

/** A reader that hands over what was recorded when asked (the SDK's own collection, no timer). */
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

/** The headers each request carried, as the simulator got them. */
const sentHeaders: Headers[] = [];

function simulatedClient(telemetry: TelemetryOptions = { tracerProvider, meterProvider }) {
  const simulator = createSimulator({ seed: 3, streamEventIntervalMs: 0 });
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    sentHeaders.push(new Headers((input as Request).headers));
    return simulator.fetch(input, init);
  };
  return createClient({ apiKey, baseUrl, platformUrl, fetch: fetch as typeof globalThis.fetch, telemetry });
}

const spans = () => exporter.getFinishedSpans();
const only = () => {
  expect(spans()).toHaveLength(1);
  return spans()[0] as ReadableSpan;
};

async function histogram(name: string): Promise<DataPoint<Histogram>[]> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((m) => m.descriptor.name === name);
  return (metric?.dataPoints ?? []) as DataPoint<Histogram>[];
}

beforeEach(() => {
  exporter.reset();
  sentHeaders.length = 0;
  reader = new TestReader();
  meterProvider = new MeterProvider({ readers: [reader] });
});

describe('spans and metrics of each operation, with the real SDK', () => {
  it('a chat call: a client span named by the GenAI conventions, with the answer and its usage', async () => {
    const client = simulatedClient();
    const answer = await client.chat.completions.create({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'Say hi' }],
      max_tokens: 20,
      temperature: 0.5,
    });
    const span = only();
    expect(span.name).toBe('chat llama-3.1-8b-instruct');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'inference_infra',
      'gen_ai.request.model': 'llama-3.1-8b-instruct',
      'gen_ai.request.max_tokens': 20,
      'gen_ai.request.temperature': 0.5,
      'gen_ai.output.type': 'text',
      'gen_ai.response.id': answer.id,
      'gen_ai.response.model': answer.model,
      'gen_ai.response.finish_reasons': answer.choices.map((choice) => choice.finish_reason),
      'gen_ai.usage.input_tokens': answer.usage?.prompt_tokens,
      'gen_ai.usage.output_tokens': answer.usage?.completion_tokens,
      'server.address': '127.0.0.1',
      'server.port': 9,
      'http.response.header.x-request-id': [answer.requestId],
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    // Message content only on opt-in.
    expect(Object.keys(span.attributes).filter((name) => name.includes('messages'))).toEqual([]);
    const [duration] = await histogram('gen_ai.client.operation.duration');
    expect(duration?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'llama-3.1-8b-instruct',
    });
    // The model the answer names is the span's, never a metric's: an upstream chooses it (a series each).
    expect(duration?.attributes).not.toHaveProperty('gen_ai.response.model');
    expect(duration?.value.count).toBe(1);
    const usage = await histogram('gen_ai.client.token.usage');
    expect(usage.map((point) => [point.attributes['gen_ai.token.type'], point.value.sum])).toEqual([
      ['input', answer.usage?.prompt_tokens],
      ['output', answer.usage?.completion_tokens],
    ]);
  });

  it('embeddings and image generation: their GenAI operations', async () => {
    const client = simulatedClient();
    const embedded = await client.embeddings.create({
      model: 'bge-large-en-v1.5',
      input: 'hello',
      encoding_format: 'float',
    });
    await client.images.generate({ model: 'flux-schnell', prompt: 'a red square' });
    const [embeddings, images] = spans();
    expect(embeddings?.name).toBe('embeddings bge-large-en-v1.5');
    expect(embeddings?.attributes).toMatchObject({
      'gen_ai.operation.name': 'embeddings',
      'gen_ai.request.encoding_formats': ['float'],
      'gen_ai.usage.input_tokens': embedded.usage.prompt_tokens,
    });
    expect(images?.name).toBe('generate_content flux-schnell');
    expect(images?.attributes).toMatchObject({
      'gen_ai.operation.name': 'generate_content',
      'gen_ai.output.type': 'image',
    });
  });

  it('platform calls: HTTP client spans with the route template, and a failure status as error.type', async () => {
    const client = simulatedClient();
    await client.instances.listTypes({ gpu_type: 'A100' });
    await client.billing.listTransactions({ limit: 5 });
    await client.storage.resize('vol_training', { size_gb: 50 }).catch((error) => error);
    const [types, billing, resize] = spans();
    expect(types?.name).toBe('GET /api/v1/instances/types');
    expect(types?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.template': '/api/v1/instances/types',
      'http.response.status_code': 200,
    });
    expect(billing?.name).toBe('GET /api/v1/billing/transactions');
    expect(resize?.name).toBe('PATCH /api/v1/storage/{id}');
    expect(resize?.attributes).toMatchObject({ 'http.response.status_code': 409, 'error.type': '409' });
    expect(resize?.status.code).toBe(SpanStatusCode.ERROR);
    const durations = await histogram('http.client.request.duration');
    expect(durations.map((point) => point.attributes['url.template'])).toEqual(
      expect.arrayContaining([
        '/api/v1/instances/types',
        '/api/v1/billing/transactions',
        '/api/v1/storage/{id}',
      ]),
    );
  });

  it('propagates the span as W3C trace context, and never the key', async () => {
    const client = simulatedClient();
    await client.instances.listTypes();
    const span = only();
    const { traceId, spanId } = span.spanContext();
    expect(sentHeaders[0]?.get('traceparent')).toBe(`00-${traceId}-${spanId}-01`);
    const recorded = JSON.stringify([
      spans().map((s) => [s.name, s.attributes, s.events, s.status]),
      [...(sentHeaders[0] ?? [])].filter(([n]) => n !== 'authorization'),
    ]);
    expect(keyLeaksIn(apiKey, recorded)).toEqual([]);
  });

  it('records message content only when asked, the key redacted from it', async () => {
    const client = simulatedClient({ tracerProvider, captureMessageContent: true });
    await client.chat.completions.create({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: `my key is ${apiKey}` }],
    });
    const input = String(only().attributes['gen_ai.input.messages']);
    expect(input).toContain('my key is [redacted]');
    expect(String(only().attributes['gen_ai.output.messages'])).toContain('assistant');
  });

  it('telemetry: false reports nothing; a provider that is none is refused naming the option', async () => {
    const client = createClient({
      apiKey,
      baseUrl,
      platformUrl,
      telemetry: false,
      fetch: createSimulator().fetch,
    });
    await client.instances.listTypes();
    expect(spans()).toEqual([]);
    expect(() => createClient({ apiKey, baseUrl, telemetry: { tracerProvider: {} as never } })).toThrow(
      new ClientConfigError(
        'telemetry.tracerProvider must be an OpenTelemetry tracerProvider (an object with getTracer())',
      ),
    );
  });
});

describe('streams', () => {
  it('a streamed chat: the span ends at the last chunk, with time to first chunk, finish reasons and usage', async () => {
    const client = simulatedClient();
    const stream = await client.chat.completions.create({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'Count to three' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
    for await (const chunk of stream) {
      expect(spans()).toEqual([]);
      if (chunk.usage) usage = chunk.usage;
    }
    const span = only();
    expect(span.events.map((event) => event.name)).toContain('gen_ai.first_chunk');
    expect(span.attributes['gen_ai.response.time_to_first_chunk']).toBeGreaterThanOrEqual(0);
    expect(span.attributes).toMatchObject({
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': usage?.prompt_tokens,
      'gen_ai.usage.output_tokens': usage?.completion_tokens,
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('an aborted stream: the span ends at the abort, as APIUserAbortError', async () => {
    const client = simulatedClient();
    const stream = await client.chat.completions.create({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'Tell a long story' }],
      stream: true,
    });
    const seen = await (async () => {
      for await (const _ of stream) {
        stream.abort();
      }
    })().catch((error) => error);
    expect(seen).toBeInstanceOf(APIUserAbortError);
    const span = only();
    expect(span.attributes['error.type']).toBe('APIUserAbortError');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.events.map((event) => event.name)).toContain('gen_ai.first_chunk');
  });
});

describe('retries and faults, on a real HTTP server', () => {
  let server: Awaited<ReturnType<typeof startFaultServer>>;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(() => server.close());
  const faultClient = (fault: Fault) =>
    createClient({
      apiKey,
      baseUrl: `${server.url}/v1`,
      platformUrl: server.url,
      headers: { 'x-fault': fault },
      telemetry: { tracerProvider, meterProvider },
    });

  it('a retried call: one span, an event per retry with its resend count and wait', async () => {
    server.resetHits();
    await faultClient('rate-limited-briefly-then-ok').instances.listTypes();
    const span = only();
    expect(span.attributes['http.request.resend_count']).toBe(1);
    expect(span.events.filter((event) => event.name === 'retry').map((event) => event.attributes)).toEqual([
      {
        'http.request.resend_count': 1,
        'http.response.status_code': 429,
        'error.type': '429',
        'inference_infra.retry.wait_ms': 0,
        'inference_infra.retry.reason': '429',
      },
    ]);
    expect(span.attributes['http.response.status_code']).toBe(200);
  });

  it('a 429 waited out: the wait is the Retry-After', async () => {
    server.resetHits();
    await faultClient('rate-limited-then-ok').instances.listTypes();
    const [retry] = only().events.filter((event) => event.name === 'retry');
    expect(retry?.attributes?.['inference_infra.retry.wait_ms']).toBe(1000);
  });

  it('a cut stream: the span ends with the connection error, after its first chunk', async () => {
    server.resetHits();
    const stream = await faultClient('stream-cut').chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    expect(await drain(stream)).toBeInstanceOf(APIConnectionError);
    const span = only();
    expect(span.attributes['error.type']).toBe('APIConnectionError');
    expect(span.events.map((event) => event.name)).toContain('gen_ai.first_chunk');
  });
});

describe('a provider that throws', () => {
  it('costs the call its telemetry, never its answer', async () => {
    const throwing = {
      getTracer: () => ({
        startSpan: () => {
          throw new Error('exporter down');
        },
      }),
    };
    const client = simulatedClient({ tracerProvider: throwing });
    const types = await client.instances.listTypes();
    expect(types.data.length).toBeGreaterThan(0);
  });
});

describe('a span sampled out', () => {
  it('records nothing but passes its trace context on, with the decision (flags 00)', async () => {
    const sampledOut = new BasicTracerProvider({
      sampler: new AlwaysOffSampler(),
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const client = simulatedClient({ tracerProvider: sampledOut });
    await client.instances.listTypes();
    expect(spans()).toEqual([]);
    expect(sentHeaders[0]?.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
  });
});
