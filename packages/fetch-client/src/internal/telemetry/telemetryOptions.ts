import type { MeterProvider, TextMapPropagator, TracerProvider } from '@inference-infra/edge';

/**
 * OpenTelemetry for a client. By default the client traces and measures with what the app registered with
 * `@opentelemetry/api` (an SDK's `start()` or `register()`), and does nothing when nothing is registered.
 */
export interface TelemetryOptions {
  /** Spans go to this provider instead of the registered one. */
  tracerProvider?: TracerProvider;
  /** Metrics go to this provider instead of the registered one. */
  meterProvider?: MeterProvider;
  /**
   * How the trace context is written into each request's headers. Default: the registered propagator, or W3C Trace
   * Context (`traceparent`, `tracestate`) when none is registered.
   */
  propagator?: TextMapPropagator;
  /**
   * Record the messages sent and the answer's text (`gen_ai.input.messages`, `gen_ai.output.messages`), as the
   * GenAI conventions allow on opt-in only: they may hold personal data. Default:
   * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true` where `process.env` exists, else off.
   */
  captureMessageContent?: boolean;
}
