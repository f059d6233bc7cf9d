/**
 * The parts of OpenTelemetry's API (v1) our processes use, as shapes: an app's `@opentelemetry/api` objects fit them
 * (fetch-client's type tests check it). Types only, apart from the values in `otelApi.ts`, so the registry reads
 * them without importing the module that re-exports it.
 */
export type AttributeValue = string | number | boolean | string[] | number[];
export type Attributes = Record<string, AttributeValue | undefined>;

export interface SpanContext {
  traceId: string;
  spanId: string;
  traceFlags: number;
  traceState?: { serialize(): string } | undefined;
  /** Set on a parent read from a request's headers. */
  isRemote?: boolean;
}

export interface Span {
  setAttribute(key: string, value: AttributeValue): unknown;
  setAttributes(attributes: Attributes): unknown;
  addEvent(name: string, attributes?: Attributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  spanContext(): SpanContext;
  isRecording(): boolean;
  end(): void;
}

export interface Context {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): Context;
  deleteValue(key: symbol): Context;
}

export interface Tracer {
  startSpan(name: string, options?: { kind?: number; attributes?: Attributes }, context?: Context): Span;
}

export interface TracerProvider {
  getTracer(name: string, version?: string): Tracer;
}

export interface Histogram {
  record(value: number, attributes?: Attributes): void;
}

export interface Meter {
  createHistogram(
    name: string,
    options?: { unit?: string; description?: string; advice?: { explicitBucketBoundaries?: number[] } },
  ): Histogram;
}

export interface MeterProvider {
  getMeter(name: string, version?: string): Meter;
}

export interface TextMapPropagator {
  inject(
    context: Context,
    carrier: Headers,
    setter: { set(carrier: Headers, key: string, value: string): void },
  ): void;
  extract?(
    context: Context,
    carrier: Headers,
    getter: { get(carrier: Headers, key: string): string | undefined; keys(carrier: Headers): string[] },
  ): Context;
}

export interface ContextManager {
  active(): Context;
  /** Runs `fn` with `context` active: what the API's `context.with` does with the registered manager. */
  with?<T>(context: Context, fn: () => T): T;
}
