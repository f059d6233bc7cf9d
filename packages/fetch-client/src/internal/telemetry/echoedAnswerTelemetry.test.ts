import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keyEchoes, keyLeaksIn } from '@inference-infra/test-kit/keyLeaks';
import { type OtlpReceiver, startOtlpReceiver } from '@inference-infra/test-kit/otlpReceiver';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  AggregationTemporality,
  type DataPoint,
  type Histogram,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../index.js';
import { createApiRoute } from '../../server/createApiRoute.js';
import { toNodeListener } from '../../server/toNodeListener.js';
import { drain } from '../../test/drain.js';
import { loopbackUpstream } from '../../test/loopbackUpstream.js';

const apiKey = 'ii_live_Q7xkP2mZr9WvT4bNc8';

/** A reader that hands over what was recorded when asked (the SDK's own collection, no timer). */
class TestReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush() {}
  protected async onShutdown() {}
}

const swapCase = (text: string) =>
  [...text].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('');

/**
 * Each form an upstream may echo the key in: the test-kit's spellings (plain, percent-encoded, `\u`-escaped, base64,
 * a piece of it...) and the key with its letters' case swapped.
 */
const echoes = [...keyEchoes(apiKey), swapCase(apiKey)];

/** The `\u` escapes a JSON reader decodes without asking: the answer's text holds no letter of the key, its value does. */
const jsonEscaped = (text: string) =>
  [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** A chat answer whose every text an answer may hold is `echo`, in the body's JSON as `raw` (escaped) when given. */
function chatAnswer(echo: string, escaped: boolean): string {
  const text = escaped ? `"${jsonEscaped(echo)}"` : JSON.stringify(echo);
  return `{"id":${text},"object":"chat.completion","created":1,"model":${text},"choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":${text}}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`;
}

function chatChunks(echo: string, escaped: boolean): string {
  const text = escaped ? `"${jsonEscaped(echo)}"` : JSON.stringify(echo);
  const chunk = (finish: string) =>
    `data: {"id":${text},"object":"chat.completion.chunk","created":1,"model":${text},"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":${finish}}]}\n\n`;
  return `${chunk('null')}${chunk(text)}data: [DONE]\n\n`;
}

let receiver: OtlpReceiver;
let tracerProvider: BasicTracerProvider;
let reader: TestReader;
let meterProvider: MeterProvider;
let upstream: Awaited<ReturnType<typeof loopbackUpstream>>;
let route: Server;
let routeUrl: string;
/** What the upstream echoes next, and how. */
let next = { echo: apiKey, escaped: false };

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: receiver.url }))],
  });
  reader = new TestReader();
  meterProvider = new MeterProvider({ readers: [reader] });
  upstream = await loopbackUpstream((_req, res, seen) => {
    const { echo, escaped } = next;
    // Every header an answer may carry holds the echo too: the request id is the one a span copies.
    const headers = { 'x-request-id': echo, 'x-ratelimit-remaining-requests': echo, server: echo };
    if (seen.body.includes('"stream":true')) {
      res.writeHead(200, { ...headers, 'content-type': 'text/event-stream' });
      res.end(chatChunks(echo, escaped));
    } else {
      res.writeHead(200, { ...headers, 'content-type': 'application/json' });
      res.end(chatAnswer(echo, escaped));
    }
  });
  route = createServer(
    toNodeListener(
      createApiRoute({
        apiKey,
        baseUrl: `${upstream.origin}/v1`,
        platformUrl: upstream.origin,
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
  await tracerProvider.shutdown();
  route.closeAllConnections();
  route.close();
  await upstream.close();
  await receiver.close();
});

/** Every metric point collected so far, as JSON: what a metrics exporter would send. */
async function exportedMetrics(): Promise<string> {
  const { resourceMetrics } = await reader.collect();
  return JSON.stringify(resourceMetrics.scopeMetrics);
}

describe('an upstream that echoes the key in every answer text', () => {
  it('reaches no exported span or metric, from the client or from the route, in any form', async () => {
    const client = createClient({
      apiKey,
      baseUrl: `${upstream.origin}/v1`,
      platformUrl: upstream.origin,
      maxRetries: 0,
      telemetry: { tracerProvider, meterProvider },
    });
    // A page's client through the route: keyless, its spans hold what the route passed on.
    const page = createClient({
      apiKey: null,
      baseUrl: `${routeUrl}/v1`,
      platformUrl: routeUrl,
      maxRetries: 0,
      telemetry: { tracerProvider, meterProvider },
    });
    const request = { model: 'llama-3.1-8b-instruct', messages: [{ role: 'user' as const, content: 'hi' }] };
    let calls = 0;
    let throughRoute = 0;
    for (const echo of echoes)
      for (const escaped of [false, true]) {
        next = { echo, escaped };
        // The route's redactor reads the answer's text as it passes: `\u` escapes of a case-swapped, encoded or
        // base64 key are the redactor's own work (the edge's tests), so the page gets the forms it can see whole.
        for (const caller of escaped ? [client] : [client, page]) {
          await caller.chat.completions.create(request);
          expect(await drain(await caller.chat.completions.create({ ...request, stream: true }))).toBe(
            undefined,
          );
          calls += 2;
          if (caller === page) throughRoute += 2;
        }
      }
    await tracerProvider.forceFlush();
    const spans = receiver.spans();
    // Every call left a span (the client's, and the route's for the page's): the check below read them all.
    expect(spans.filter((span) => span.scope === '@inference-infra/fetch-client')).toHaveLength(calls);
    expect(spans.filter((span) => span.scope === '@inference-infra/fetch-client/server')).toHaveLength(
      throughRoute,
    );
    const exported = [...receiver.bodies, await exportedMetrics()].join('\n');
    expect(exported).toContain('gen_ai.response.model');
    expect(keyLeaksIn(apiKey, exported)).toEqual([]);
  });

  it('makes one metric series of 600 answers naming 600 models: the model asked for is the attribute', async () => {
    const series = new TestReader();
    const meters = new MeterProvider({ readers: [series] });
    let answered = 0;
    const client = createClient({
      apiKey,
      baseUrl: `${upstream.origin}/v1`,
      platformUrl: upstream.origin,
      // In process: 600 calls need no socket to show what the metric keeps.
      fetch: async () => {
        answered += 1;
        return new Response(chatAnswer(`echoed-model-${answered}`, false), {
          headers: { 'content-type': 'application/json' },
        });
      },
      telemetry: { meterProvider: meters },
    });
    for (let call = 0; call < 600; call++)
      await client.chat.completions.create({
        model: 'llama-3.1-8b-instruct',
        messages: [{ role: 'user', content: 'hi' }],
      });
    const { resourceMetrics } = await series.collect();
    const duration = resourceMetrics.scopeMetrics
      .flatMap((scope) => scope.metrics)
      .find((metric) => metric.descriptor.name === 'gen_ai.client.operation.duration');
    const points = (duration?.dataPoints ?? []) as DataPoint<Histogram>[];
    expect(points).toHaveLength(1);
    expect(points[0]?.value.count).toBe(600);
    expect(points[0]?.attributes['gen_ai.request.model']).toBe('llama-3.1-8b-instruct');
    expect(points[0]?.attributes).not.toHaveProperty('gen_ai.response.model');
  });
});
