import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type FailedOperation,
  InferenceInfraError,
} from '../errors.js';
import {
  backoffMs,
  isRetryableStatus,
  type RetryPolicy,
  requestNeverReachedServer,
  retryAfterMs,
} from './retryPolicy.js';

export interface CallTransportOptions {
  fetch: typeof globalThis.fetch;
  retry: RetryPolicy;
  timeoutMs: number;
  /** The caller's signal; aborting it ends the call at once, streams included. */
  signal: AbortSignal | undefined;
  /** Changes state or is billable: retried only when the server certainly did not act. */
  stateChanging: boolean;
  /** A stream's body may last longer than the timeout, which then covers the wait for the headers only. */
  streaming: boolean;
  operation: FailedOperation;
  /** The serialized body of the call: a retry sends it again in a fresh request. */
  serializedBody: () => BodyInit | undefined;
}

/** One call's transport: the `fetch` handed to openapi-fetch, and what the caller needs around it. */
export interface CallTransport {
  /** Retries with backoff (honouring `Retry-After`), a timeout per attempt, and the caller's abort signal. */
  fetch: (request: Request, init?: RequestInit) => Promise<Response>;
  /** Ends the call's timer (and, but for streams, its abort listener) once the answer has been read. */
  settle(): void;
  /** The typed error for a failure while the answer was being read: a timeout, an abort, or a cut-off body. */
  readFailure(error: unknown): unknown;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function describeCause(cause: unknown): string {
  const inner = (cause as { cause?: { code?: string; message?: string } })?.cause;
  return inner?.code ?? inner?.message ?? (cause as Error)?.message ?? String(cause);
}

export function createCallTransport(options: CallTransportOptions): CallTransport {
  const { retry, operation, signal: callerSignal } = options;
  const name = operation.operationId ?? operation.path;
  // Set by arm(), once per attempt.
  let controller!: AbortController;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort);

  // Each attempt gets its own controller and timer; the timer keeps running after the headers (but for streams) so
  // that the timeout covers reading the body too, until settle().
  const arm = () => {
    controller = new AbortController();
    timedOut = false;
    if (callerSignal?.aborted) controller.abort(callerSignal.reason);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
  };
  const disarm = () => clearTimeout(timer);
  const settle = () => {
    disarm();
    if (!options.streaming) callerSignal?.removeEventListener('abort', onCallerAbort);
  };
  arm();

  const failureOf = (cause: unknown): APIConnectionError | APIUserAbortError => {
    if (callerSignal?.aborted) return new APIUserAbortError(operation);
    if (timedOut) {
      return new APIConnectionTimeoutError(
        `No complete answer within ${options.timeoutMs} ms: ${name}`,
        operation,
        {
          cause,
        },
      );
    }
    return new APIConnectionError(`Connection failed: ${name}: ${describeCause(cause)}`, operation, {
      cause,
    });
  };

  const sleepOrAbort = async (ms: number) => {
    try {
      await sleep(ms, callerSignal);
    } catch {
      throw new APIUserAbortError(operation);
    }
  };

  async function callFetch(request: Request, init?: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) arm();
      const attemptRequest =
        attempt === 0
          ? request
          : new Request(request, { body: request.body === null ? null : options.serializedBody() });
      const canRetry = attempt < retry.maxRetries;
      let response: Response;
      try {
        // The signal goes to fetch, not into the Request openapi-fetch built: fetch copies its input Request either
        // way, and a Request that already follows a signal costs undici a second follow (~35 µs a call, measured).
        response = await options.fetch(attemptRequest, { ...init, signal: controller.signal });
      } catch (cause) {
        disarm();
        const error = failureOf(cause);
        const retryable =
          !(error instanceof APIUserAbortError) &&
          (!options.stateChanging || requestNeverReachedServer(error.cause));
        if (!(retryable && canRetry)) {
          settle();
          throw error;
        }
        await sleepOrAbort(backoffMs(attempt, retry));
        continue;
      }
      // The headers are in: from here on, a stream is ended by the caller's signal alone.
      if (options.streaming) disarm();
      const retryable =
        isRetryableStatus(response.status) && (!options.stateChanging || response.status === 429);
      const waitMs =
        retryable && canRetry && !callerSignal?.aborted
          ? delayBeforeRetry(response.headers, attempt, retry)
          : null;
      if (waitMs === null) return response;
      disarm();
      await response.body?.cancel().catch(() => undefined);
      await sleepOrAbort(waitMs);
    }
  }

  return {
    fetch: callFetch,
    settle,
    readFailure(error: unknown) {
      if (error instanceof InferenceInfraError) return error;
      if (error instanceof SyntaxError) {
        return new APIConnectionError(
          `The answer of ${name} is not valid JSON: it was cut off or is not JSON`,
          operation,
          {
            cause: error,
          },
        );
      }
      if (callerSignal?.aborted || timedOut) return failureOf(error);
      if (error instanceof TypeError) {
        return new APIConnectionError(
          `The answer of ${name} was cut off: ${describeCause(error)}`,
          operation,
          {
            cause: error,
          },
        );
      }
      return error;
    },
  };
}

function delayBeforeRetry(headers: Headers, attempt: number, retry: RetryPolicy): number | null {
  const asked = retryAfterMs(headers);
  if (asked === null) return backoffMs(attempt, retry);
  return asked <= retry.maxRetryAfterMs ? asked : null;
}
