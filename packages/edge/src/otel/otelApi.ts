/**
 * The parts of OpenTelemetry's API (v1) our processes use, as shapes: an app's `@opentelemetry/api` objects fit them
 * (fetch-client's type tests check it), and nothing of ours imports OpenTelemetry, so a bundle without it cannot fail
 * to resolve it and an app that does not trace loads and pays for nothing.
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

/** `SpanKind.SERVER`, `SpanKind.CLIENT` and `SpanStatusCode.ERROR` of the API, whose enums are numbers. */
export const spanKindServer = 1;
export const spanKindClient = 2;
export const statusError = 2;

/** Where the API keeps the span of a context: `createContextKey` is `Symbol.for` of this description. */
export const spanKey = Symbol.for('OpenTelemetry Context Key SPAN');

export { type RegisteredApi, registeredApi } from './registry.js';

/** A context of its own, for a propagator registered without a context manager (the API's ROOT_CONTEXT alike). */
export class BaseContext implements Context {
  constructor(private readonly values = new Map<symbol, unknown>()) {}
  getValue(key: symbol) {
    return this.values.get(key);
  }
  setValue(key: symbol, value: unknown): Context {
    return new BaseContext(new Map(this.values).set(key, value));
  }
  deleteValue(key: symbol): Context {
    const values = new Map(this.values);
    values.delete(key);
    return new BaseContext(values);
  }
}
