import {
  type Histogram,
  injectSpan,
  type MeterProvider,
  type RegisteredApi,
  registeredApi,
  spanKindClient,
  statusError,
  type Tracer,
  type TracerProvider,
} from '@inference-infra/edge/otel';
import { APIError } from '../../errors.js';
import type { Route } from '../operations.js';
import {
  type AnswerFacts,
  answerAttributes,
  answerText,
  defined,
  gatherFacts,
  noFacts,
  operationNames,
  requestAttributes,
} from './operationAttributes.js';
import type { TelemetryOptions } from './telemetryOptions.js';

const scope = '@inference-infra/fetch-client';

/** What one call reports as it goes: built only when a tracer or a meter is there. */
export interface CallTelemetry {
  /** Writes the trace context into the first attempt's headers (unless the caller set `traceparent` itself). */
  inject(headers: Headers): void;
  /** An attempt failed and another follows after `waitMs` (a `Retry-After`, or the backoff). */
  retry(resendCount: number, waitMs: number, reason: string, status: number | undefined): void;
  /** The answer's headers are in. */
  answered(response: Response): void;
  /** The call is over: its data (for a JSON answer), or its failure (a failure status read as it is, too). */
  end(outcome: { data?: unknown } | { error: unknown }): void;
  /** A stream's chunk was handed out. */
  chunk(value: unknown): void;
}

interface Instruments {
  operationDuration: Histogram;
  tokenUsage: Histogram;
  requestDuration: Histogram;
  timePerOutputChunk: Histogram;
}

// The GenAI conventions' advised buckets for these histograms.
const durationBuckets = [
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];
const tokenBuckets = [
  1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
];

const tracers = new WeakMap<TracerProvider, Tracer>();
const instruments = new WeakMap<MeterProvider, Instruments>();

function tracerOf(provider: TracerProvider): Tracer {
  let tracer = tracers.get(provider);
  if (!tracer) {
    tracer = provider.getTracer(scope);
    tracers.set(provider, tracer);
  }
  return tracer;
}

function instrumentsOf(provider: MeterProvider): Instruments {
  let made = instruments.get(provider);
  if (!made) {
    const meter = provider.getMeter(scope);
    made = {
      operationDuration: meter.createHistogram('gen_ai.client.operation.duration', {
        unit: 's',
        description: 'GenAI operation duration',
        advice: { explicitBucketBoundaries: durationBuckets },
      }),
      tokenUsage: meter.createHistogram('gen_ai.client.token.usage', {
        unit: '{token}',
        description: 'Number of input and output tokens used',
        advice: { explicitBucketBoundaries: tokenBuckets },
      }),
      // The GenAI conventions' streaming metric: the time from one chunk to the next, for each chunk after the first.
      timePerOutputChunk: meter.createHistogram('gen_ai.client.operation.time_per_output_chunk', {
        unit: 's',
        description: 'Time per output chunk',
        advice: { explicitBucketBoundaries: durationBuckets },
      }),
      requestDuration: meter.createHistogram('http.client.request.duration', {
        unit: 's',
        description: 'Duration of HTTP client requests',
        advice: {
          explicitBucketBoundaries: [
            0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
          ],
        },
      }),
    };
    instruments.set(provider, made);
  }
  return made;
}

/** `error.type` of a failure: an error status's code, else the typed error's name (`APIConnectionTimeoutError`...). */
function errorType(error: unknown): string {
  if (error instanceof APIError) return String(error.status);
  return (error as Error)?.name || '_OTHER';
}

const env = (name: string) =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

/** A hook whose failure (a provider that throws) is swallowed: telemetry never fails a call. */
function guarded<Args extends unknown[]>(hook: (...args: Args) => void): (...args: Args) => void {
  return (...args) => {
    try {
      hook(...args);
    } catch {
      // Nothing to do: the call goes on as if nobody listened.
    }
  };
}

/**
 * The telemetry of one call, or undefined when there is nobody to report to: no provider given and none registered
 * (then the call builds nothing). Read at each call, so an SDK started after the client was made is seen. A provider
 * that throws costs the call its telemetry, never its answer.
 */
export function startCallTelemetry(
  options: TelemetryOptions | false | undefined,
  call: TracedCall,
  redact: (text: string) => string,
): CallTelemetry | undefined {
  if (options === false) return undefined;
  const api = registeredApi();
  if (!options?.tracerProvider && !options?.meterProvider && !api?.trace && !api?.metrics) return undefined;
  try {
    const telemetry = callTelemetry(options, api, call, redact);
    if (!telemetry) return undefined;
    return {
      inject: guarded(telemetry.inject),
      retry: guarded(telemetry.retry),
      answered: guarded(telemetry.answered),
      end: guarded(telemetry.end),
      chunk: guarded(telemetry.chunk),
    };
  } catch {
    return undefined;
  }
}

/** The call a span describes: its operation, where it goes, and its body (for the GenAI attributes). */
export interface TracedCall {
  route: Route;
  method: string;
  path: string;
  baseUrl: string;
  body: unknown;
}

function callTelemetry(
  options: TelemetryOptions | undefined,
  api: RegisteredApi | undefined,
  { route, method, path, baseUrl, body }: TracedCall,
  redact: (text: string) => string,
): CallTelemetry | undefined {
  const tracerProvider = options?.tracerProvider ?? api?.trace;
  const meterProvider = options?.meterProvider ?? api?.metrics;

  const started = performance.now();
  const names = operationNames(route, method, path, baseUrl, body);
  const parent = api?.context?.active();
  // What a sampler may decide on is given at the start (the conventions' sampling attributes); the rest of the
  // request's settings only to a span that records.
  const span = tracerProvider
    ? tracerOf(tracerProvider).startSpan(
        names.spanName,
        { kind: spanKindClient, attributes: defined(names.metricAttributes) },
        parent,
      )
    : undefined;
  const recording = span?.isRecording() === true;
  if (recording) span?.setAttributes(defined(requestAttributes(route, body)));
  if (!recording && !meterProvider) {
    // A no-op tracer's span, or one sampled out: nothing to record, only its trace context to pass on (a sampled-out
    // span's decision travels with it), when it has one.
    const ids = span?.spanContext();
    if (!span || !ids || /^0+$/.test(ids.traceId)) return undefined;
    const nothing = () => undefined;
    return {
      inject: (headers) => {
        if (!headers.has('traceparent'))
          injectSpan(span, parent, headers, options?.propagator ?? api?.propagation);
      },
      retry: nothing,
      answered: nothing,
      end: () => span.end(),
      chunk: nothing,
    };
  }
  const capture =
    options?.captureMessageContent ?? env('OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT') === 'true';
  if (recording && capture && names.genAiOperation === 'chat' && typeof body === 'object' && body !== null) {
    const messages = (body as { messages?: unknown }).messages;
    if (messages !== undefined) span?.setAttribute('gen_ai.input.messages', redact(JSON.stringify(messages)));
  }

  const facts: AnswerFacts = noFacts();
  let status: number | undefined;
  let firstChunkAt: number | undefined;
  // A stream's chunks: how many were handed out, when the last one was, and the attributes each one after the first
  // records its time with (made once, at the second chunk).
  let chunkCount = 0;
  let lastChunkAt = 0;
  let chunkAttributes: ReturnType<typeof defined> | undefined;
  let streamedText = '';
  let resends = 0;
  let over = false;

  const record = (errorTypeValue: string | undefined) => {
    if (!meterProvider) return;
    const seconds = (performance.now() - started) / 1000;
    const made = instrumentsOf(meterProvider);
    const failed = errorTypeValue === undefined ? {} : { 'error.type': errorTypeValue };
    if (names.genAiOperation) {
      // Only what the caller sent and bounded sets: never the model an answer names (600 echoed names would be 600
      // series, and an echo may carry the key), which is on the span, redacted.
      const attributes = defined({ ...names.metricAttributes, ...failed });
      made.operationDuration.record(seconds, attributes);
      if (facts.inputTokens !== undefined)
        made.tokenUsage.record(facts.inputTokens, { ...attributes, 'gen_ai.token.type': 'input' });
      if (facts.outputTokens !== undefined)
        made.tokenUsage.record(facts.outputTokens, { ...attributes, 'gen_ai.token.type': 'output' });
    } else {
      made.requestDuration.record(
        seconds,
        defined({ ...names.metricAttributes, 'http.response.status_code': status, ...failed }),
      );
    }
  };

  return {
    inject(headers) {
      if (!span || headers.has('traceparent')) return;
      injectSpan(span, parent, headers, options?.propagator ?? api?.propagation);
    },
    retry(resendCount, waitMs, reason, retriedStatus) {
      resends = resendCount;
      span?.addEvent(
        'retry',
        defined({
          'http.request.resend_count': resendCount,
          'http.response.status_code': retriedStatus,
          'error.type': retriedStatus === undefined ? 'APIConnectionError' : String(retriedStatus),
          'inference_infra.retry.wait_ms': Math.round(waitMs),
          'inference_infra.retry.reason': redact(reason).slice(0, 200),
        }),
      );
    },
    answered(response) {
      status = response.status;
      if (!recording) return;
      const requestId = response.headers.get('x-request-id');
      span?.setAttributes(
        defined({
          'http.response.status_code': names.genAiOperation ? undefined : status,
          // The upstream's words: an echo of the key in them is redacted like in every other string we export.
          'http.response.header.x-request-id': requestId ? [answerText(requestId, redact)] : undefined,
        }),
      );
    },
    chunk(value) {
      if (over) return;
      const now = performance.now();
      chunkCount += 1;
      if (firstChunkAt === undefined) {
        firstChunkAt = now;
        span?.addEvent('gen_ai.first_chunk');
        span?.setAttribute('gen_ai.response.time_to_first_chunk', (firstChunkAt - started) / 1000);
      } else if (meterProvider && names.genAiOperation) {
        // By what the call sent, never by what an answer names (a server could otherwise grow the metric's series).
        chunkAttributes ??= defined(names.metricAttributes);
        instrumentsOf(meterProvider).timePerOutputChunk.record((now - lastChunkAt) / 1000, chunkAttributes);
      }
      lastChunkAt = now;
      gatherFacts(facts, value);
      if (capture && recording) {
        const choices = (value as { choices?: Array<{ delta?: { content?: unknown } }> })?.choices;
        for (const choice of choices ?? [])
          if (typeof choice?.delta?.content === 'string') streamedText += choice.delta.content;
      }
    },
    end(outcome) {
      if (over) return;
      over = true;
      const error = 'error' in outcome ? outcome.error : undefined;
      // A low-level call hands a failure status back instead of throwing: a failure all the same.
      const failed =
        error !== undefined
          ? errorType(error)
          : status !== undefined && status >= 400
            ? String(status)
            : undefined;
      if ('data' in outcome) gatherFacts(facts, outcome.data);
      if (span) {
        if (resends > 0) span.setAttribute('http.request.resend_count', resends);
        // A stream's length in chunks, however it ended: after a failure midway (a stall, an error event), how far
        // it got, 0 included. Not a convention of GenAI's (it has none for it), hence the toolkit's own namespace.
        if (recording && (chunkCount > 0 || (body as { stream?: unknown } | null)?.stream === true))
          span.setAttribute('inference_infra.stream.chunk_count', chunkCount);
        if (recording) span.setAttributes(defined(answerAttributes(facts, redact)));
        if (capture && recording && names.genAiOperation === 'chat') {
          const output =
            'data' in outcome
              ? (outcome.data as { choices?: unknown })?.choices
              : streamedText
                ? [{ message: { role: 'assistant', content: streamedText } }]
                : undefined;
          if (output !== undefined)
            span.setAttribute('gen_ai.output.messages', redact(JSON.stringify(output)));
        }
        if (failed !== undefined) {
          span.setAttribute('error.type', failed);
          const message =
            error === undefined ? `status ${status}` : String((error as Error)?.message ?? error);
          span.setStatus({ code: statusError, message: redact(message).slice(0, 500) });
        }
        span.end();
      }
      record(failed);
    },
  };
}
