import { createSimulator } from '@inference-infra/mock-server';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../index.js';

// What an app does to trace (an SDK's start()): providers, context manager and propagator registered with the API.
// In a file of its own: the registration is global to the process.
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  propagation.disable();
  context.disable();
});

it('with no option, traces into the registered SDK, as a child of the active span, and propagates through it', async () => {
  const simulator = createSimulator();
  const sent: Headers[] = [];
  const client = createClient({
    apiKey: 'ii_live_registeredSdkKey',
    baseUrl: 'http://127.0.0.1:9/v1',
    platformUrl: 'http://127.0.0.1:9',
    fetch: ((input: Request, init?: RequestInit) => {
      sent.push(new Headers(input.headers));
      return simulator.fetch(input, init);
    }) as typeof globalThis.fetch,
  });
  const tracer = trace.getTracer('app');
  await tracer.startActiveSpan('handle request', async (parent) => {
    await client.instances.listTypes();
    parent.end();
  });
  const [call, parent] = exporter.getFinishedSpans();
  expect(call?.name).toBe('GET /api/v1/instances/types');
  expect(parent?.name).toBe('handle request');
  expect(call?.spanContext().traceId).toBe(parent?.spanContext().traceId);
  expect(call?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
  const { traceId, spanId } = call?.spanContext() ?? {};
  expect(sent[0]?.get('traceparent')).toBe(`00-${traceId}-${spanId}-01`);
});

it('after the app stops tracing, calls build nothing again', async () => {
  trace.disable();
  exporter.reset();
  const client = createClient({
    apiKey: 'ii_live_registeredSdkKey',
    platformUrl: 'http://127.0.0.1:9',
    fetch: createSimulator().fetch,
  });
  await client.instances.listTypes();
  expect(exporter.getFinishedSpans()).toEqual([]);
});
