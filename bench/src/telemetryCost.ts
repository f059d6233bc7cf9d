import { createClient } from '@inference-infra/fetch-client';
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { OurClients } from './clients.js';

/** An exporter that takes every batch and keeps nothing: what tracing costs the call, not what shipping it costs. */
const discarding: SpanExporter = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => {},
};

/**
 * Our client three ways, for the in-process suite: with nobody listening (what every untraced app runs), with a
 * tracer provider that records nothing (the API's no-op, what a library gets before an SDK starts), and with the real
 * SDK batching spans to an exporter that drops them.
 */
export function telemetryContenders(): { clients: OurClients; shutdown: () => Promise<void> } {
  const sdk = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(discarding)] });
  const noop = trace.getTracerProvider();
  return {
    clients: {
      ours: createClient,
      'ours + no-op tracer': (options) => createClient({ ...options, telemetry: { tracerProvider: noop } }),
      'ours + SDK tracer': (options) => createClient({ ...options, telemetry: { tracerProvider: sdk } }),
    },
    shutdown: () => sdk.shutdown(),
  };
}
