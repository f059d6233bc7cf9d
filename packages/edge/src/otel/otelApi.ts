/**
 * The parts of OpenTelemetry's API (v1) our processes use, as shapes: an app's `@opentelemetry/api` objects fit them
 * (fetch-client's type tests check it), and nothing of ours imports OpenTelemetry, so a bundle without it cannot fail
 * to resolve it and an app that does not trace loads and pays for nothing.
 */
import type { Context } from './otelTypes.js';

export type * from './otelTypes.js';

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
