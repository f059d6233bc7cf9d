import {
  BaseContext,
  type Context,
  type Span,
  type SpanContext,
  spanKey,
  type TextMapPropagator,
} from './otelApi.js';

const invalid = /^0+$/;
const traceparentForm = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** W3C Trace Context (`traceparent`, `tracestate`), for a process where no propagator is registered. */
export const w3cPropagator: TextMapPropagator = {
  inject(context, carrier, setter) {
    const ids = (context.getValue(spanKey) as Span | undefined)?.spanContext();
    if (!ids || invalid.test(ids.traceId) || invalid.test(ids.spanId)) return;
    const flags = (ids.traceFlags & 0xff).toString(16).padStart(2, '0');
    setter.set(carrier, 'traceparent', `00-${ids.traceId}-${ids.spanId}-${flags}`);
    const state = ids.traceState?.serialize();
    if (state) setter.set(carrier, 'tracestate', state);
  },
  extract(context, carrier, getter) {
    const match = traceparentForm.exec((getter.get(carrier, 'traceparent') ?? '').trim().toLowerCase());
    if (!match) return context;
    const [, traceId = '', spanId = '', flags = '00'] = match;
    if (invalid.test(traceId) || invalid.test(spanId)) return context;
    const remote: SpanContext = {
      traceId,
      spanId,
      traceFlags: Number.parseInt(flags, 16) & 1,
      isRemote: true,
    };
    // What the API's `trace.wrapSpanContext` makes: a span that only carries the ids.
    const parent: Span = {
      spanContext: () => remote,
      isRecording: () => false,
      setAttribute: () => parent,
      setAttributes: () => parent,
      addEvent: () => parent,
      setStatus: () => parent,
      end: () => undefined,
    };
    return context.setValue(spanKey, parent);
  },
};

export const headerSetter = {
  set: (carrier: Headers, key: string, value: string) => carrier.set(key, value),
};
export const headerGetter = {
  get: (carrier: Headers, key: string) => carrier.get(key) ?? undefined,
  keys: (carrier: Headers) => [...carrier.keys()],
};

/** `headers` with the trace context of `span` (in `parent`'s context) written by `propagator`. */
export function injectSpan(
  span: Span,
  parent: Context | undefined,
  headers: Headers,
  propagator: TextMapPropagator = w3cPropagator,
): void {
  propagator.inject((parent ?? new BaseContext()).setValue(spanKey, span), headers, headerSetter);
}

/** The context a request's headers continue: `propagator`'s reading of them, W3C Trace Context by default. */
export function extractedContext(
  headers: Headers,
  base: Context | undefined,
  propagator: TextMapPropagator | undefined,
): Context {
  const reader = propagator?.extract ? propagator : w3cPropagator;
  return (reader.extract as NonNullable<TextMapPropagator['extract']>)(
    base ?? new BaseContext(),
    headers,
    headerGetter,
  );
}
