import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { statusByErrorType } from './errorStatus.gen.js';
import type {
  APIConnectionError,
  APIUserAbortError,
  apiErrorFor,
  ErrorBody,
  FailedOperation,
} from './errors.js';

/**
 * The errors a stream throws, handed in by its creator. Were this lazily loaded module to import errors.js itself,
 * bundlers would split errors.js into a chunk of its own that every app loads up front (~250 B min+gz, measured).
 */
export interface StreamErrors {
  APIConnectionError: typeof APIConnectionError;
  APIUserAbortError: typeof APIUserAbortError;
  apiErrorFor: typeof apiErrorFor;
}

/** What a stream needs from its creator besides the response and its controller. */
export interface StreamContext {
  operation: FailedOperation;
  errors: StreamErrors;
  /** Called once the stream has ended, however it ended (its creator frees what it held for it). */
  onEnd: () => void;
}

/** What a streamed answer's last event holds (the spec's `x-stream-terminator`). */
const streamTerminator = '[DONE]';

/**
 * A streamed answer as an async iterable of parsed events. Iterate it once; `abort()` (or the caller's signal) ends
 * it at once, and the loop then throws `APIUserAbortError`. A stream that ends before `[DONE]` throws
 * `APIConnectionError`; an error event throws the `APIError` of its status.
 */
export class EventStream<T> implements AsyncIterable<T> {
  readonly requestId: string | null;
  private consumed = false;

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
    private readonly context: StreamContext,
  ) {
    this.requestId = response.headers.get('x-request-id');
  }

  /** Ends the stream; a loop over it stops with `APIUserAbortError`. */
  abort(): void {
    this.controller.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.consumed) throw new Error('This stream was already iterated; a stream can be read once.');
    this.consumed = true;
    const { APIConnectionError, APIUserAbortError } = this.context.errors;
    const body = this.response.body;
    if (!body) {
      this.context.onEnd();
      throw new APIConnectionError('The stream answer has no body', this.context.operation);
    }
    const pending: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => pending.push(event) });
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    // Cancel the read ourselves on abort: not every fetch (polyfills, test DOMs) ends a body when its signal aborts.
    const onAbort = () => void reader.cancel().catch(() => undefined);
    this.controller.signal.addEventListener('abort', onAbort, { once: true });
    let finished = false;
    try {
      while (true) {
        let next: ReadableStreamReadResult<string>;
        try {
          next = await reader.read();
        } catch (cause) {
          throw this.readFailure(cause);
        }
        if (next.done) break;
        parser.feed(next.value);
        for (const event of pending.splice(0)) {
          if (event.data === streamTerminator) {
            finished = true;
            return;
          }
          yield this.parseEvent(event);
        }
      }
      if (this.controller.signal.aborted) throw new APIUserAbortError(this.context.operation);
      throw new APIConnectionError(
        `The stream ended before ${streamTerminator}: the answer is incomplete`,
        this.context.operation,
      );
    } finally {
      // Leaving early (break, return, throw) must free the connection.
      this.controller.signal.removeEventListener('abort', onAbort);
      if (!finished) this.controller.abort();
      reader.releaseLock();
      this.context.onEnd();
    }
  }

  private parseEvent(event: EventSourceMessage): T {
    const { APIConnectionError, apiErrorFor } = this.context.errors;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch (cause) {
      throw new APIConnectionError(
        `A stream event is not JSON: ${event.data.slice(0, 80)}`,
        this.context.operation,
        {
          cause,
        },
      );
    }
    // The spec sends a failure after the stream started as one event holding the error body.
    if (event.event === 'error' || (typeof data === 'object' && data !== null && 'error' in data)) {
      const body = data as ErrorBody;
      // The body has no status of its own: its `type` tells which failure status it stands for.
      const status = statusByErrorType[body.error?.type ?? ''] ?? 500;
      throw apiErrorFor(status, body, this.response.headers, this.context.operation);
    }
    return data as T;
  }

  private readFailure(cause: unknown) {
    const { APIConnectionError, APIUserAbortError } = this.context.errors;
    if (this.controller.signal.aborted) return new APIUserAbortError(this.context.operation);
    return new APIConnectionError('The stream was cut off before it ended', this.context.operation, {
      cause,
    });
  }
}
