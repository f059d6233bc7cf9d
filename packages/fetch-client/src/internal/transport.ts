import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type FailedOperation,
  InferenceInfraError,
} from '../errors.js';
import { type AttemptTimeout, armTimeout, disarmTimeout } from './attemptTimeout.js';
import type { FetchOptions } from './callOptions.js';
import type { Log } from './logger.js';
import {
  backoffMs,
  isRetryableStatus,
  type RetryPolicy,
  requestNeverReachedServer,
  retryAfterMs,
} from './retryPolicy.js';
import type { CallTelemetry } from './telemetry/callTelemetry.js';

export interface CallTransportOptions {
  fetch: typeof globalThis.fetch;
  retry: RetryPolicy;
  timeoutMs: number;
  /** The caller's signal; aborting it ends the call at once, until the answer has been read. */
  signal: AbortSignal | undefined;
  /** Changes state or is billable: retried only when the server certainly did not act. */
  stateChanging: boolean;
  operation: FailedOperation;
  /** The base address the call goes to: its origin is named by a connection error before a request was made. */
  baseUrl: string;
  /** The caller's extra fetch options (`cache`, `keepalive`, `priority`...), given to fetch on every attempt. */
  fetchOptions?: FetchOptions | undefined;
  log: Log;
  /** The call's spans and metrics, when anyone listens. */
  telemetry?: CallTelemetry | undefined;
}

/** One call's transport: the `fetch` handed to openapi-fetch, and what the caller needs around it. */
export interface CallTransport {
  /**
   * Retries with backoff (honouring `Retry-After`), a timeout per attempt, and the caller's abort signal. Every
   * attempt sends the request it was handed, as the middleware left it. A body can be read once, so a retry sends
   * a new request: with the body kept by `keepBody()` when there is one, else from an unread copy taken before an
   * attempt that may be followed by another. A request without a body is sent again as it is.
   */
  fetch: (request: Request, init?: RequestInit) => Promise<Response>;
  /**
   * Keeps `body`, what the request handed to `fetch` was built from, to build a retry with; returns it unchanged.
   * Only for a request nothing can have replaced on its way (no middleware): a middleware may rewrite the body.
   */
  keepBody<Body>(body: Body): Body;
  /**
   * Ends the call's timer and its abort listener once the answer has been read (for a stream: once its headers are
   * in; from there the stream's owner ends it).
   */
  settle(): void;
  /**
   * The typed error of a failure: a timeout, an abort, a connection that failed or an answer cut off. While the
   * answer is read (`reading`), an error that is none of these (thrown by a middleware, say) is passed on as it is.
   */
  failure(cause: unknown, reading?: boolean): unknown;
  /** The call's log: the client's, redacting the credentials in the request's own headers once it is made. */
  log(): Log;
}

/**
 * Nothing is built for a feature the call does not use: no copy of the request before the first attempt (unless a
 * middleware's body could not be rebuilt otherwise), no log line nor the secrets to redact from it when logging is off.
 */
export function createCallTransport(options: CallTransportOptions): CallTransport {
  const { retry, operation, signal: callerSignal, log } = options;
  const name = operation.operationId;
  // Set once per attempt.
  let controller: AbortController | undefined;
  let timeout: AttemptTimeout | undefined;
  let timedOut = false;
  let keptBody: unknown;
  // The last request handed to fetch: its origin (a middleware may have changed it) is read only for an error.
  let lastSent: Request | undefined;
  // No controller yet when the caller aborts before openapi-fetch calls fetch (a middleware may still be running).
  const onCallerAbort = () => controller?.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort);

  const settle = () => {
    disarmTimeout(timeout);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  };

  const failure = (cause: unknown, reading = false) => {
    if (cause instanceof InferenceInfraError) return cause;
    if (callerSignal?.aborted) return new APIUserAbortError(operation);
    // While the answer is read, only a cut-off answer (or the timeout) is a connection failure.
    if (reading && !timedOut && !(cause instanceof SyntaxError || cause instanceof TypeError)) return cause;
    // `scheme://host:port` (no port when it is the scheme's own), never a path, a query or credentials. Both URLs
    // parse: the base address was checked when the client was made, and a Request holds a parsed one.
    const { origin } = new URL(lastSent?.url ?? options.baseUrl);
    const inner = (cause as { cause?: { code?: string; message?: string } })?.cause;
    const detail =
      cause instanceof SyntaxError
        ? 'the answer is not valid JSON (cut off, or not JSON at all)'
        : (inner?.code ?? inner?.message ?? (cause as Error)?.message);
    const message = timedOut
      ? `No complete answer from ${origin} within ${options.timeoutMs} ms: ${name}`
      : `Connection to ${origin} failed: ${name}: ${detail}`;
    // A runtime's message may quote the URL, key included: the pipeline redacts it on the way out of the call, and
    // a retry's line or span redacts what it quotes of it.
    return new (timedOut ? APIConnectionTimeoutError : APIConnectionError)(message, operation, {
      cause,
      origin,
    });
  };

  // Credentials in the request's own headers (a key passed in `headers`, a middleware's or a proxy's token) are
  // redacted like the key from every line of the call, since answers and error messages may echo them.
  let callLog = log;
  async function callFetch(request: Request, init?: RequestInit): Promise<Response> {
    // The redactor is loaded already when a line may be written (the pipeline loads it before sending).
    callLog = log.withCredentialsOf(request.headers);
    // Times only for the lines that give them (info, debug).
    const timed = callLog.enabled('info');
    const started = timed ? Date.now() : 0;
    let sent = request;
    // Every attempt carries the call's trace context: a retry copies the first request's headers.
    options.telemetry?.inject(sent.headers);
    for (let attempt = 0; ; attempt++) {
      // Each attempt gets its own controller and timer; the timer keeps running after the headers so that the
      // timeout covers reading the body too, until settle().
      const attemptController = new AbortController();
      const { signal } = attemptController;
      controller = attemptController;
      timedOut = false;
      if (callerSignal?.aborted) attemptController.abort(callerSignal.reason);
      timeout = armTimeout(options.timeoutMs, () => {
        timedOut = true;
        attemptController.abort();
      });
      const canRetry = attempt < retry.maxRetries;
      // A body can be read once. The next attempt rebuilds the request from the kept body, or sends it again as it
      // is when it has none; only a body nothing can rebuild (a middleware's) is copied, and only when a retry may
      // follow: exactly what the middleware produced (signed, rewritten), never the body the caller passed.
      const copy = canRetry && sent.body !== null && typeof keptBody !== 'string' ? sent.clone() : undefined;
      const where = callLog.enabled('warn')
        ? `${sent.method} ${sent.url} (attempt ${attempt + 1} of ${retry.maxRetries + 1})`
        : '';
      const attemptStarted = timed ? Date.now() : 0;
      if (callLog.enabled('debug')) await (await import('./debugLines.js')).logRequest(callLog, sent, where);
      let response: Response | undefined;
      let waitMs = 0;
      let reason = '';
      lastSent = sent;
      try {
        // The signal goes to fetch, not into the Request openapi-fetch built: fetch copies its input Request either
        // way, and a Request that already follows a signal costs undici a second follow (~35 µs a call, measured).
        response = await options.fetch(
          sent,
          options.fetchOptions || init
            ? Object.assign({}, options.fetchOptions, init, { signal })
            : { signal },
        );
      } catch (cause) {
        const error = failure(cause);
        const retryable =
          error instanceof APIConnectionError &&
          (!options.stateChanging || requestNeverReachedServer(error.cause));
        if (!(retryable && canRetry)) {
          settle();
          throw error;
        }
        waitMs = backoffMs(attempt, retry);
        reason = (error as Error).message;
      }
      if (response) {
        if (callLog.enabled('debug')) {
          await (await import('./debugLines.js')).logResponse(callLog, response, where, attemptStarted);
        }
        const { status } = response;
        // A `Retry-After` longer than the policy allows is not waited for: the error goes to the caller instead.
        waitMs =
          isRetryableStatus(status) &&
          (!options.stateChanging || status === 429) &&
          canRetry &&
          !callerSignal?.aborted
            ? (retryAfterMs(response.headers) ?? backoffMs(attempt, retry))
            : Number.POSITIVE_INFINITY;
        if (waitMs > retry.maxRetryAfterMs) {
          if (callLog.enabled('info')) {
            callLog(
              'info',
              `${sent.method} ${sent.url} ${status} in ${Date.now() - started} ms (attempt ${attempt + 1})`,
              { requestId: response.headers.get('x-request-id') },
            );
          }
          return response;
        }
        reason = String(status);
      }
      disarmTimeout(timeout);
      await response?.body?.cancel().catch(() => undefined);
      callLog('warn', `${where}: ${reason}; retrying in ${Math.round(waitMs)} ms`);
      options.telemetry?.retry(attempt + 1, waitMs, reason, response?.status);
      await pause(waitMs, callerSignal, operation);
      sent = copy ?? (sent.body === null ? sent : new Request(sent, { body: keptBody as string }));
    }
  }

  return {
    fetch: callFetch,
    keepBody: (body) => {
      keptBody = body;
      return body;
    },
    settle,
    failure,
    log: () => callLog,
  };
}

// Resolves after `ms`, or rejects at once with APIUserAbortError when the caller aborts meanwhile.
function pause(ms: number, callerSignal: AbortSignal | undefined, operation: FailedOperation) {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(wait);
      reject(new APIUserAbortError(operation));
    };
    const wait = setTimeout(() => {
      callerSignal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (callerSignal?.aborted) onAbort();
    else callerSignal?.addEventListener('abort', onAbort, { once: true });
  });
}
