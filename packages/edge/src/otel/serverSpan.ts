import {
  type Attributes,
  registeredApi,
  type Span,
  spanKey,
  spanKindServer,
  statusError,
  type TextMapPropagator,
  type TracerProvider,
} from './otelApi.js';
import { extractedContext, injectSpan } from './traceContext.js';

/** Where a server of ours sends its spans: a provider of its own, else what the process registered, else nowhere. */
export interface ServerTelemetryOptions {
  tracerProvider?: TracerProvider | undefined;
  propagator?: TextMapPropagator | undefined;
}

/** One request's span at a server's door, continuing the trace its caller sent. */
export interface ServerSpan {
  /** Writes this span's trace context into an upstream call's headers: it is that call's parent. */
  inject(headers: Headers): void;
  setAttributes(attributes: Attributes): void;
  /** Runs `work` with this span active, so the calls it makes (the fetch client's) are its children. */
  active<T>(work: () => T): T;
  /**
   * Ends the span with the answer's HTTP status (a 5xx is an error, as the HTTP server conventions say), or without
   * one (an MCP tool's result) and the error's type when it failed.
   */
  end(status: number | undefined, errorType?: string): void;
}

/**
 * A SERVER span for a request, parented by its `traceparent` (through the registered propagator, or W3C), or
 * undefined when nobody listens: nothing is built then. Never throws: a provider that does costs the span only.
 */
export function startServerSpan(
  options: ServerTelemetryOptions | false | undefined,
  scope: string,
  name: string,
  headers: Headers,
  attributes: Attributes,
): ServerSpan | undefined {
  if (options === false) return undefined;
  const api = registeredApi();
  const provider = options?.tracerProvider ?? api?.trace;
  if (!provider) return undefined;
  try {
    const propagator = options?.propagator ?? api?.propagation;
    const parent = extractedContext(headers, api?.context?.active(), propagator);
    const defined: Attributes = {};
    for (const key in attributes) if (attributes[key] !== undefined) defined[key] = attributes[key];
    const span: Span = provider
      .getTracer(scope)
      .startSpan(name, { kind: spanKindServer, attributes: defined }, parent);
    let over = false;
    return {
      inject: (outgoing) => {
        try {
          injectSpan(span, parent, outgoing, propagator);
        } catch {
          // The upstream call goes on without the trace context.
        }
      },
      active: (work) => {
        const manager = api?.context;
        if (!manager?.with) return work();
        return manager.with(parent.setValue(spanKey, span), work);
      },
      setAttributes: (more) => {
        try {
          span.setAttributes(more);
        } catch {}
      },
      end: (status, errorType) => {
        if (over) return;
        over = true;
        try {
          if (status !== undefined) span.setAttribute('http.response.status_code', status);
          if ((status ?? 0) >= 500 || errorType) {
            span.setAttribute('error.type', errorType ?? String(status));
            span.setStatus({ code: statusError });
          }
          span.end();
        } catch {}
      },
    };
  } catch {
    return undefined;
  }
}
