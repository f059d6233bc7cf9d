import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { CallAnswer } from './apiPromise.js';
import {
  APIConnectionError,
  APIError,
  APIUserAbortError,
  apiErrorFor,
  type ErrorBody,
  type FailedOperation,
  InferenceInfraError,
  StreamIdleTimeoutError,
} from './errors.js';
import type { CallOptions } from './internal/callOptions.js';
import type { CallPipeline } from './internal/callPipeline.js';
import { statusByErrorType } from './internal/errorStatus.gen.js';
import { followSignal } from './internal/followSignal.js';
import type { HttpMethod, InitOf, PathOf } from './internal/operations.js';
import type { CallTelemetry } from './internal/telemetry/callTelemetry.js';

/** What a streamed answer's last event holds (the spec's `x-stream-terminator`). */
const streamTerminator = '[DONE]';

/**
 * Opens a streamed answer, and owns it from there: its controller (`stream.abort()`), the caller's signal (followed
 * for as long as the stream lives, and let go of however it ends), the body (cancelled on abort) and its errors. A
 * failure status rejects here with its typed error; nothing is left running after a failure to open. Resolves as a
 * call's answer does, the stream as its data.
 */
export async function openEventStream<T, Method extends HttpMethod, Path extends PathOf<Method>>(
  pipeline: CallPipeline,
  method: Method,
  path: Path,
  request: InitOf<Method, Path>,
  options: CallOptions | undefined,
): Promise<CallAnswer<EventStream<T>>> {
  const controller = new AbortController();
  const unfollow = followSignal(options?.signal, controller);
  try {
    // The call's signal is the stream's: aborting before the headers are in ends the request itself.
    const { response, operation, telemetry, idleTimeoutMs } = await pipeline.send(
      method,
      path,
      request,
      options,
      {
        parseAs: 'stream',
        signal: controller.signal,
      },
    );
    const stream = new EventStream<T>(
      response,
      controller,
      operation,
      pipeline.apiError,
      unfollow,
      pipeline.redact,
      telemetry,
      idleTimeoutMs,
    );
    // A stream's body is its own to read: `asResponse()` hands over that body, unread.
    return { data: stream, response, unread: () => response };
  } catch (error) {
    unfollow();
    controller.abort();
    throw error;
  }
}

/**
 * A streamed answer as an async iterable of parsed events. Iterate it once; `abort()` (or the caller's signal) ends
 * it at once, and the loop then throws `APIUserAbortError`. A stream that ends before `[DONE]` throws
 * `APIConnectionError`; an error event throws the `APIError` of its status; a silence between two chunks longer than
 * `streamIdleTimeoutMs` cancels the body and throws `StreamIdleTimeoutError`.
 */
export class EventStream<T> implements AsyncIterable<T> {
  readonly requestId: string | null;
  private consumed = false;
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

  /** Made by `openEventStream`, which hands over the stream's controller and what to call once it has ended. */
  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
    private readonly operation: FailedOperation,
    private readonly apiError: CallPipeline['apiError'],
    private readonly onEnd: () => void,
    /** The client's key out of what the stream quotes of the server (none for a stream read back: no key is known). */
    private readonly redact: (text: string) => string = (text) => text,
    /** The call's span and metrics: each chunk handed out is told, and the stream's end ends them. */
    private readonly telemetry?: Pick<CallTelemetry, 'chunk' | 'end'>,
    /** The longest wait for the body's next bytes (`streamIdleTimeoutMs`); none for a stream read back. */
    private readonly idleTimeoutMs?: number,
  ) {
    this.requestId = response.headers.get('x-request-id');
    // Abort cancels the body itself, read or not yet: not every fetch (polyfills, test DOMs) ends a body when its
    // signal aborts, and once the headers are in, the request no longer follows this controller.
    controller.signal.addEventListener(
      'abort',
      () => void (this.reader ?? response.body)?.cancel().catch(() => undefined),
      { once: true },
    );
  }

  /**
   * Reads back a stream that `toReadableStream()` wrote (on your server, passed on to the browser), as the same
   * typed async iterable: the chunks, an `APIError` for an error event, `APIConnectionError` if it ends before
   * `[DONE]`. `signal` ends it like `abort()`.
   */
  static fromReadableStream<T>(
    stream: ReadableStream<Uint8Array>,
    options: { signal?: AbortSignal } = {},
  ): EventStream<T> {
    const controller = new AbortController();
    const response = new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    const operation = { method: 'GET', path: '(readable stream)', operationId: undefined };
    return new EventStream<T>(
      response,
      controller,
      operation,
      apiErrorFor,
      followSignal(options.signal, controller),
    );
  }

  /** Ends the stream; a loop over it stops with `APIUserAbortError`. */
  abort(): void {
    this.controller.abort();
  }

  /**
   * The stream as server-sent events, for a server that passes it on (`new Response(stream.toReadableStream(),
   * { headers: { 'content-type': 'text/event-stream' } })`): one `data:` event per chunk, then `data: [DONE]`, the
   * wire format of the API itself. So the browser reads it with `EventStream.fromReadableStream()` or a keyless
   * client pointed at that route. An `APIError` of the stream is passed on as an `error` event (its body, the key
   * already redacted); any other failure errors the readable stream, which the reader sees as a cut-off stream.
   * Cancelling it aborts this stream. Reading it iterates this stream, which can be done once.
   */
  toReadableStream(): ReadableStream<Uint8Array> {
    const chunks = this[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        try {
          const next = await chunks.next();
          controller.enqueue(
            encoder.encode(`data: ${next.done ? streamTerminator : JSON.stringify(next.value)}\n\n`),
          );
          if (next.done) controller.close();
        } catch (error) {
          if (!(error instanceof APIError && typeof error.body === 'object')) throw error;
          controller.enqueue(encoder.encode(`event: error\ndata: ${JSON.stringify(error.body)}\n\n`));
          controller.close();
        }
      },
      cancel: () => this.abort(),
    });
  }

  /**
   * Written out rather than as an async generator: a generator's `yield` awaits the value it yields and resumes
   * through a queue of requests, some promises and ticks per chunk that the reader pays for. Here a chunk already
   * read is handed out in one resolved promise. One reader at a time, as `for await` reads.
   */
  [Symbol.asyncIterator](): AsyncIterator<T> {
    const events: EventSourceMessage[] = [];
    let taken = 0;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let over = false;
    const parser = createParser({ onEvent: (event) => events.push(event) });
    const decoder = new TextDecoder();
    const done: IteratorReturnResult<undefined> = { done: true, value: undefined };
    let chunks = 0;
    // The silence bound: one timer that ticks every quarter of it while a read waits. A read that waits through four
    // whole ticks with no other read begun has waited `idleMs` at least (and at most 1.25 x `idleMs`): the stream is
    // cut. A read only counts itself; it reads no clock and sets no timer (a clock read per read cost ~6% of an
    // in-process stream of small chunks), and the ticks stop while nobody reads.
    const idleMs = this.idleTimeoutMs;
    const tickMs = Math.max(1, Math.ceil((idleMs ?? 0) / 4));
    let reads = 0;
    let readsAtTick = 0;
    let silentTicks = 0;
    let waiting = false;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const onTick = () => {
      idleTimer = undefined;
      if (over || !waiting || idleMs === undefined) return;
      if (reads !== readsAtTick) {
        readsAtTick = reads;
        silentTicks = 0;
      } else if (++silentTicks >= 4) {
        // The abort cancels the body; the waiting read then ends and throws this error, the abort's reason.
        this.controller.abort(
          new StreamIdleTimeoutError(idleMs, chunks, this.operation, { origin: this.origin() }),
        );
        return;
      }
      idleTimer = setTimeout(onTick, tickMs);
    };

    // However the loop ends. Leaving early (break, return, throw) must free the connection: the abort cancels it.
    const end = (finished: boolean, error?: unknown) => {
      if (over) return;
      over = true;
      if (!finished) this.controller.abort();
      clearTimeout(idleTimer);
      reader?.releaseLock();
      this.onEnd();
      this.telemetry?.end(finished ? {} : { error: error ?? new APIUserAbortError(this.operation) });
    };
    // The next event read and not yet handed out, parsed; `done` at `[DONE]`; undefined when all were handed out.
    const take = (): IteratorResult<T> | undefined => {
      const event = events[taken++];
      if (!event) {
        events.length = 0;
        taken = 0;
        return undefined;
      }
      if (event.data === streamTerminator) {
        end(true);
        return done;
      }
      const value = this.parseEvent(event);
      chunks += 1;
      this.telemetry?.chunk(value);
      return { done: false, value };
    };
    const open = () => {
      if (this.consumed) {
        over = true;
        throw new InferenceInfraError(
          'This stream was already iterated: a stream can be read once. Keep the chunks as they arrive to use them again.',
        );
      }
      this.consumed = true;
      const body = this.response.body;
      if (!body || this.controller.signal.aborted) {
        const error = body
          ? new APIUserAbortError(this.operation)
          : this.connectionError('The stream answer has no body');
        over = true;
        this.onEnd();
        this.telemetry?.end({ error });
        throw error;
      }
      // Decoded here rather than through a TextDecoderStream: one TransformStream less per stream.
      reader = body.getReader();
      this.reader = reader;
      return reader;
    };
    const read = async (): Promise<IteratorResult<T>> => {
      const opened = reader ?? open();
      try {
        while (true) {
          const next = take();
          if (next) return next;
          let chunk: ReadableStreamReadResult<Uint8Array>;
          reads += 1;
          waiting = true;
          if (idleTimer === undefined && idleMs !== undefined) {
            readsAtTick = reads;
            silentTicks = 0;
            idleTimer = setTimeout(onTick, tickMs);
          }
          try {
            chunk = await opened.read();
          } catch (cause) {
            waiting = false;
            throw this.readFailure(cause);
          }
          waiting = false;
          if (chunk.done) {
            if (this.controller.signal.aborted) throw this.stopped();
            throw this.connectionError(
              `The stream ended before ${streamTerminator}: the answer is incomplete`,
            );
          }
          parser.feed(decoder.decode(chunk.value, { stream: true }));
        }
      } catch (error) {
        end(false, error);
        throw error;
      }
    };

    return {
      next: () => {
        if (over) return Promise.resolve(done);
        // Aborted while chunks already read wait: none of them is handed out, as openai's streams do.
        if (reader && this.controller.signal.aborted) {
          const error = this.stopped();
          end(false, error);
          return Promise.reject(error);
        }
        if (taken < events.length) {
          try {
            return Promise.resolve(take() as IteratorResult<T>);
          } catch (error) {
            end(false, error);
            return Promise.reject(error);
          }
        }
        return read();
      },
      return: () => {
        if (reader) end(false);
        over = true;
        return Promise.resolve(done);
      },
    };
  }

  private parseEvent(event: EventSourceMessage): T {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch (cause) {
      // Redacted before it is cut: a cut could leave part of the key that no longer matches it whole.
      const excerpt = this.redact(event.data).slice(0, 80);
      throw this.connectionError(`A stream event is not JSON: ${excerpt}`, cause);
    }
    // The spec sends a failure after the stream started as one event holding the error body.
    if (event.event === 'error' || (typeof data === 'object' && data !== null && 'error' in data)) {
      const body = data as ErrorBody;
      // The body has no status of its own: its `type` tells which failure status it stands for.
      const status = statusByErrorType[body.error?.type ?? ''] ?? 500;
      throw this.apiError(status, body, this.response.headers, this.operation);
    }
    return data as T;
  }

  /** Why the stream was stopped: its silence bound, or else the caller. */
  private stopped(): InferenceInfraError {
    const reason = this.controller.signal.reason;
    return reason instanceof StreamIdleTimeoutError ? reason : new APIUserAbortError(this.operation);
  }

  private origin(): string | undefined {
    return this.response.url ? new URL(this.response.url).origin : undefined;
  }

  private readFailure(cause: unknown) {
    if (this.controller.signal.aborted) return this.stopped();
    return this.connectionError('The stream was cut off before it ended', cause);
  }

  /**
   * A connection error naming the origin the stream came from, as the call's own connection errors do (issue 28);
   * none for a stream read back with `fromReadableStream()`, which has no address.
   */
  private connectionError(message: string, ...cause: [] | [unknown]) {
    const origin = this.origin();
    // No `cause` key for a failure without one: an Error given `{ cause: undefined }` shows that cause.
    const options = cause.length ? { cause: cause[0], origin } : { origin };
    return new APIConnectionError(origin ? `${message} (from ${origin})` : message, this.operation, options);
  }
}
