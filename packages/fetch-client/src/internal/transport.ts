import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type FailedOperation,
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
  /**
   * The serialized body of the call, kept by the caller's body serializer. A retry sends it again in a fresh
   * request: cheaper than cloning every request up front, which tees its body stream.
   */
  serializedBody?: () => BodyInit | undefined;
}

class TimeoutSignalReason extends Error {}

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

/**
 * The `fetch` handed to openapi-fetch for one call: a timeout per attempt, the caller's abort signal, and retries
 * with backoff that honour `Retry-After`. Every failure leaves as one of the typed errors of `errors.ts`.
 */
export function createCallFetch(options: CallTransportOptions) {
  const { retry, operation } = options;
  return async function callFetch(request: Request, init?: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const attemptRequest =
        attempt === 0 || request.body === null
          ? request
          : new Request(request, { body: options.serializedBody?.() });
      const outcome = await attemptOnce(attemptRequest, init, options);
      const canRetry = attempt < retry.maxRetries && !options.signal?.aborted;
      if (outcome.response) {
        const { response } = outcome;
        const retryable =
          isRetryableStatus(response.status) && (!options.stateChanging || response.status === 429);
        const waitMs = retryable && canRetry ? delayBeforeRetry(response.headers, attempt, retry) : null;
        if (waitMs === null) return response;
        await response.body?.cancel().catch(() => undefined);
        await sleepOrAbort(waitMs, options.signal, operation);
        continue;
      }
      const { error } = outcome;
      const retryable =
        !(error instanceof APIUserAbortError) &&
        (!options.stateChanging || requestNeverReachedServer(error.cause));
      if (!(retryable && canRetry)) throw error;
      await sleepOrAbort(backoffMs(attempt, retry), options.signal, operation);
    }
  };
}

function delayBeforeRetry(headers: Headers, attempt: number, retry: RetryPolicy): number | null {
  const asked = retryAfterMs(headers);
  if (asked === null) return backoffMs(attempt, retry);
  return asked <= retry.maxRetryAfterMs ? asked : null;
}

async function sleepOrAbort(ms: number, signal: AbortSignal | undefined, operation: FailedOperation) {
  try {
    await sleep(ms, signal);
  } catch {
    throw new APIUserAbortError(operation);
  }
}

type AttemptOutcome =
  | { response: Response; error?: undefined }
  | { response?: undefined; error: APIConnectionError | APIUserAbortError };

async function attemptOnce(
  request: Request,
  init: RequestInit | undefined,
  options: CallTransportOptions,
): Promise<AttemptOutcome> {
  const { signal: callerSignal, operation } = options;
  if (callerSignal?.aborted) return { error: new APIUserAbortError(operation) };
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new TimeoutSignalReason()), options.timeoutMs);
  const settle = () => {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  };
  try {
    const response = await options.fetch(request, { ...init, signal: controller.signal });
    if (options.streaming) {
      // The headers are in: from here the caller's signal alone may end the stream.
      clearTimeout(timer);
      return { response };
    }
    // Reading the body inside the attempt puts it under the same timeout and abort, and turns a cut-off body into
    // a connection error here rather than a parse error later.
    const body = await response.arrayBuffer();
    settle();
    return {
      response: new Response(body.byteLength > 0 ? body : null, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      }),
    };
  } catch (cause) {
    settle();
    if (callerSignal?.aborted) return { error: new APIUserAbortError(operation) };
    if (controller.signal.reason instanceof TimeoutSignalReason) {
      return {
        error: new APIConnectionTimeoutError(
          `No complete answer within ${options.timeoutMs} ms: ${operation.operationId ?? operation.path}`,
          operation,
          { cause },
        ),
      };
    }
    return {
      error: new APIConnectionError(
        `Connection failed: ${operation.operationId ?? operation.path}: ${describeCause(cause)}`,
        operation,
        { cause },
      ),
    };
  }
}

function describeCause(cause: unknown): string {
  const inner = (cause as { cause?: { code?: string; message?: string } })?.cause;
  return inner?.code ?? inner?.message ?? (cause as Error)?.message ?? String(cause);
}
