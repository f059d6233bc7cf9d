import type { paths } from '@inference-infra/types';
import createOpenapiFetch, { type Client, defaultBodySerializer, type Middleware } from 'openapi-fetch';
import { APIPromise, type CallAnswer } from '../apiPromise.js';
import {
  type APIError,
  apiErrorFor,
  type ErrorBody,
  type FailedOperation,
  RequestValidationError,
} from '../errors.js';
import {
  ClientConfigError,
  type ClientOptions,
  checkedHeaders,
  checkedWholeNumber,
  maxTimeoutMs,
  resolveConfig,
} from './clientConfig.js';
import { createDirectCall, directlySendable, type FetchResult, readAnswer } from './directCall.js';
import { type KeyRedactor, loadRedaction, redactKey, redactorOf } from './keyRedaction.js';
import type { DataOf, HttpMethod, InitOf, PathOf, Route } from './operations.js';
import type { RequestValidator } from './requestValidator.js';
import { routes } from './routes.gen.js';
import type { CallTelemetry } from './telemetry/callTelemetry.js';
import { loadedTelemetry, loadTelemetry, telemetryWanted } from './telemetry/loadTelemetry.js';
import { type CallTransport, createCallTransport } from './transport.js';
import { type WithRequestId, withRequestId } from './withRequestId.js';

/** What a resource method needs for one call, beyond openapi-fetch's own options. */
export interface CallOptions {
  /** Ends the call (and a stream) at once; the call then rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Overrides the client's `streamIdleTimeoutMs` for this stream. */
  streamIdleTimeoutMs?: number;
  /** Overrides the client's retries for this call. */
  maxRetries?: number;
  /** Headers for this call, over the client's own (`null` removes one of them). */
  headers?: Record<string, string | null>;
  /** More of fetch's options for every attempt of this call: `cache`, `keepalive`, `priority`, `credentials`... */
  fetchOptions?: FetchOptions;
}

/** fetch's options a caller may add: not the ones the client sets itself. */
export type FetchOptions = Omit<RequestInit, 'body' | 'headers' | 'method' | 'signal' | 'window'> & {
  /** Fetch priority (browsers, Deno); not yet in every `RequestInit` type. */
  priority?: 'high' | 'low' | 'auto';
};

/** The typed low-level calls of openapi-fetch, each routed to the base address its path belongs to. */
export type LowLevelClient = Pick<Client<paths>, HttpMethod> & {
  /** Registers openapi-fetch middleware ({ onRequest, onResponse, onError }) for both base addresses. */
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
};

/** An answer whose status was a success: openapi-fetch's data (with `parseAs: 'stream'`, the body unread). */
export interface SentCall {
  data: unknown;
  response: Response;
  operation: FailedOperation;
  /** The call's spans and metrics, which a stream ends when it ends. */
  telemetry?: CallTelemetry | undefined;
  /** A stream's bound on the silence between two chunks (`streamIdleTimeoutMs`), in milliseconds. */
  idleTimeoutMs?: number;
}

/** What the resources are built on: the low-level calls, and calls of one operation typed from the spec. */
export interface CoreClient {
  lowLevel: LowLevelClient;
  /**
   * Calls an operation and returns its data, or rejects with the typed error of its failure. `options` apart from
   * the operation's params and body, so that a call without any takes no path that merges them.
   */
  call<Method extends HttpMethod, Path extends PathOf<Method>>(
    method: Method,
    path: Path,
    request: InitOf<Method, Path>,
    options?: CallOptions,
  ): APIPromise<WithRequestId<DataOf<Method, Path>>>;
  /**
   * Sends an operation; resolves once its answer is read (with `parseAs: 'stream'`, once the headers are in), or
   * rejects with the typed error of its failure. A stream's owner reads and ends the body.
   */
  send<Method extends HttpMethod, Path extends PathOf<Method>>(
    method: Method,
    path: Path,
    request: InitOf<Method, Path>,
    options: CallOptions | undefined,
    overrides?: SendOverrides,
  ): Promise<SentCall>;
  /** The typed error of a failure status, with the key redacted from whatever the server echoed. */
  apiError(
    status: number,
    body: ErrorBody | string | undefined,
    headers: Headers,
    operation: FailedOperation,
  ): APIError;
  /** The middleware registered so far, in order: what a client made by `withOptions` starts with. */
  middleware(): Middleware[];
  /** `text` with the client's key replaced: for what a module quotes of an answer (a stream's event). */
  redact(text: string): string;
}

/** What the module that owns a call's answer sets for it: how openapi-fetch reads it, and the signal it follows. */
export interface SendOverrides {
  parseAs?: 'stream' | 'text';
  signal?: AbortSignal;
}

/**
 * The parts of openapi-fetch's options this module reads. The typed surface (`CoreClient`, `LowLevelClient`) is
 * checked where it is called; inside, one code path serves every operation.
 */
interface OpenapiInit {
  body?: unknown;
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  headers?: Record<string, string | null> | HeadersInit;
  parseAs?: 'json' | 'stream' | 'text';
  bodySerializer?: BodySerializer;
  middleware?: Middleware[];
}

type BodySerializer = (body: unknown, headers?: Headers | Record<string, string>) => unknown;

type OpenapiFetchMethod = (
  path: string,
  init: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** A path parameter that would change the request's path instead of naming a resource in it. */
const pathChanging = new Set(['', '.', '..']);

function checkPathParams(operation: FailedOperation, pathParams: Record<string, unknown>) {
  for (const name in pathParams) {
    const value = pathParams[name];
    if (pathChanging.has(String(value))) {
      const message = `${name}: must not be empty, "." or ".." (it would change the request path; got "${value}")`;
      throw new RequestValidationError(operation, [{ field: name, message }]);
    }
  }
}

/**
 * How the low-level calls read an answer: openapi-fetch's own result, a failure status included, as openapi-fetch
 * has it. Every other call is checked: a failure status rejects with its typed error, logged at `error`.
 */
const unchecked: SendOverrides = {};
/** A JSON call reads its answer as text, kept for `asResponse()`. */
const jsonData: SendOverrides = { parseAs: 'text' };

/**
 * The answer of a JSON call. openapi-fetch's JSON rule is kept: an empty body is no data. `unread()` builds its
 * copy only when `asResponse()` asks.
 */
function jsonAnswer(
  text: string | undefined,
  response: Response,
  transport: CallTransport,
): CallAnswer<unknown> {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch (cause) {
    throw transport.failure(cause);
  }
  const unread = () => {
    const copy = new Response(text || null, response);
    Object.defineProperty(copy, 'url', { value: response.url });
    return copy;
  };
  return { data: withRequestId(parsed, response), response, unread };
}

/**
 * openapi-fetch's options for a call it sends. With no middleware, the request that reaches the transport is the one
 * openapi-fetch built from this body: kept, it rebuilds a retry, so no call copies its request "just in case". A
 * middleware may replace the body.
 */
function openapiInit(
  request: OpenapiInit,
  options: CallOptions | undefined,
  parseAs: OpenapiInit['parseAs'],
  noClientMiddleware: boolean,
  transport: CallTransport,
) {
  const serialize = request.bodySerializer;
  const keepsBody = request.body !== undefined && noClientMiddleware && !request.middleware?.length;
  // Every field set (openapi-fetch reads undefined as its default). Object.assign, not `{ ...request, fetch }`:
  // on Node 20, adding a field after a spread costs ~1.3 µs each (measured); on Node 24 both cost nanoseconds.
  return Object.assign({}, request, {
    parseAs,
    headers: pairsAsHeaders(options?.headers ?? request.headers),
    bodySerializer: keepsBody
      ? (value: unknown, headers?: Headers | Record<string, string>) =>
          transport.keepBody((serialize ?? defaultBodySerializer)(value, headers))
      : serialize,
    fetch: transport.fetch,
  });
}

/**
 * openapi-fetch merges headers given as an object or a `Headers`; a list of pairs (a `HeadersInit` all the same) it
 * would send as one header named "0". Checked before, so the conversion cannot throw.
 */
function pairsAsHeaders(headers: OpenapiInit['headers']) {
  return Array.isArray(headers) ? new Headers(headers) : headers;
}

type DirectCall = ReturnType<typeof createDirectCall>;

export function createCoreClient(options: ClientOptions, validator?: RequestValidator): CoreClient {
  const config = resolveConfig(options);
  const { log } = config;
  const headers = config.apiKey
    ? { ...config.headers, Authorization: `Bearer ${config.apiKey}` }
    : config.headers;
  const middlewares: Middleware[] = [];
  // openapi-fetch's client for a base address is made with the first call to it: making one reads
  // `globalThis.Request`, which on Node loads undici (more than everything else createClient does, measured), and a
  // client made at start-up may call later or never. It gets the middleware registered until then.
  const transports: { inference?: Client<paths>; platform?: Client<paths> } = {};
  const transportOf = (surface: Route['surface'], baseUrl: string) => {
    if (!transports[surface]) {
      transports[surface] = createOpenapiFetch<paths>({ baseUrl, headers });
      transports[surface].use(...middlewares);
    }
    return transports[surface];
  };
  // Made with the first direct call to a base address, for the same reason (its header merge makes `Headers`).
  const directCalls: { inference?: DirectCall; platform?: DirectCall } = {};
  const directCallOf = (surface: Route['surface'], baseUrl: string) => {
    directCalls[surface] ??= createDirectCall(baseUrl, headers);
    return directCalls[surface];
  };

  function routeOf(method: string, path: string): Route {
    // Low-level calls from plain JavaScript can name anything, `constructor` or `__proto__` too: an inherited
    // property of the table has no operationId.
    const route = (routes as Readonly<Record<string, Readonly<Record<string, Route>> | undefined>>)[method]?.[
      path
    ];
    if (!route?.operationId) throw new ClientConfigError(`${method} ${path} is not an operation of the spec`);
    return route;
  }

  /**
   * Validates, routes and sends one call, and reads its answer as `reading` says. Async, so that a call refused
   * before sending rejects like one that failed, instead of throwing where it was made. One function from the call
   * to its data: each layer of `async` is a promise more on every call.
   */
  async function send(
    method: HttpMethod,
    path: string,
    request: OpenapiInit,
    options: CallOptions | undefined,
    reading: SendOverrides,
  ): Promise<unknown> {
    // The call's own log once it is sent: an error body may echo a credential the request carried in its headers.
    let callLog = log;
    let telemetry: CallTelemetry | undefined;
    try {
      const route = routeOf(method, path);
      const { operationId, surface } = route;
      const baseUrl = config.baseUrls[surface];
      if (!baseUrl) {
        const [option, variable] =
          surface === 'inference'
            ? ['baseUrl', 'INFERENCE_INFRA_BASE_URL']
            : ['platformUrl', 'INFERENCE_INFRA_PLATFORM_URL'];
        throw new ClientConfigError(
          `${operationId} needs the ${surface} base address: pass createClient({ ${option} }) or set ${variable}.`,
        );
      }
      const { body, params } = request;
      const operation = { method, path, operationId };
      if (params?.path) checkPathParams(operation, params.path);
      if (options?.headers) {
        try {
          checkedHeaders('headers', options.headers, config.apiKey);
        } catch {
          // Refused: said again with the redactor loaded, so a call whose headers pass loads nothing.
          await loadRedaction(config.apiKey);
          checkedHeaders('headers', options.headers, config.apiKey);
        }
      }
      validator?.(operationId, method, path, { body, query: params?.query, path: params?.path });
      const parseAs = reading.parseAs ?? request.parseAs;
      if (telemetryWanted(config.telemetry)) {
        const { startCallTelemetry } = loadedTelemetry() ?? (await loadTelemetry());
        telemetry = startCallTelemetry(config.telemetry, { route, method, path, baseUrl, body }, (text) =>
          redactKey(text, config.apiKey),
        );
        // What a span quotes (a retry's reason, a failure, opted-in messages) is redacted: the redactor comes first.
        if (telemetry) await loadRedaction(config.apiKey);
      }
      // Checked before anything is sent, as every option of a call is.
      const idleTimeoutMs =
        reading.parseAs === 'stream'
          ? checkedWholeNumber(
              'streamIdleTimeoutMs',
              options?.streamIdleTimeoutMs,
              config.streamIdleTimeoutMs,
              1,
              maxTimeoutMs,
            )
          : undefined;
      const transport = createCallTransport({
        fetch: config.fetch,
        retry:
          options?.maxRetries === undefined
            ? config.retry
            : { ...config.retry, maxRetries: checkedWholeNumber('maxRetries', options.maxRetries, 0, 0) },
        timeoutMs: checkedWholeNumber('timeoutMs', options?.timeoutMs, config.timeoutMs, 1, maxTimeoutMs),
        signal: reading.signal ?? options?.signal,
        stateChanging: route.stateChanging,
        operation,
        baseUrl,
        apiKey: config.apiKey,
        fetchOptions: options?.fetchOptions,
        log,
        telemetry,
      });
      // The answer is read before the call settles (a stream: its headers), so settling ends the timeout once the
      // answer is in. The caller's signal reaches fetch through the transport, which adds the timeout to it.
      let result: FetchResult;
      try {
        if (
          reading !== unchecked &&
          (parseAs === 'text' || parseAs === 'stream') &&
          middlewares.length === 0 &&
          directlySendable(request)
        ) {
          const sent = directCallOf(surface, baseUrl)(
            method,
            path,
            request,
            options?.headers,
            transport.keepBody,
          );
          result = await readAnswer(await transport.fetch(sent), parseAs);
        } else {
          const init = openapiInit(request, options, parseAs, middlewares.length === 0, transport);
          result = await (transportOf(surface, baseUrl)[method] as OpenapiFetchMethod)(path, init);
        }
      } catch (error) {
        await loadRedaction(config.apiKey);
        throw transport.failure(error, true);
      } finally {
        transport.settle();
      }
      callLog = transport.log();
      const { data, error, response } = result;
      telemetry?.answered(response);
      if (reading === unchecked) {
        telemetry?.end({});
        return { data, error, response };
      }
      if (!response.ok) {
        // What the server echoed is redacted: the redactor is loaded on this path only.
        await loadRedaction(config.apiKey);
        throw apiError(response.status, error as ErrorBody | string | undefined, response.headers, operation);
      }
      if (reading.parseAs === 'stream') {
        // A stream quotes an event that is not JSON and passes error events on, each redacted as it is read.
        await loadRedaction(config.apiKey);
        return { data, response, operation, telemetry, idleTimeoutMs } satisfies SentCall;
      }
      const answer = jsonAnswer(data as string | undefined, response, transport);
      telemetry?.end({ data: answer.data });
      return answer;
    } catch (error) {
      telemetry?.end({ error });
      if (reading !== unchecked && callLog.enabled('error')) {
        await loadRedaction();
        callLog('error', `${method} ${path} failed: ${(error as Error)?.message}`);
      }
      throw error;
    }
  }

  const apiError: CoreClient['apiError'] = (status, body, responseHeaders, operation) => {
    const redactor = redactorOf(config.apiKey);
    if (!redactor) return apiErrorFor(status, body, responseHeaders, operation);
    return apiErrorFor(
      status,
      redactor.redactValue(body),
      redactedHeaders(responseHeaders, redactor),
      operation,
    );
  };

  // The low-level calls take this client's call options among openapi-fetch's own: split once, here.
  const lowLevel =
    (method: HttpMethod) =>
    (path: string, init: OpenapiInit & CallOptions = {}) => {
      // The call options read from `init` itself; `request` is the rest, openapi-fetch's (headers included).
      const { signal, timeoutMs, streamIdleTimeoutMs, maxRetries, fetchOptions, ...request } = init;
      return send(method, path, request, init, unchecked);
    };

  return {
    lowLevel: {
      GET: lowLevel('GET') as Client<paths>['GET'],
      POST: lowLevel('POST') as Client<paths>['POST'],
      PATCH: lowLevel('PATCH') as Client<paths>['PATCH'],
      PUT: lowLevel('PUT') as Client<paths>['PUT'],
      DELETE: lowLevel('DELETE') as Client<paths>['DELETE'],
      use(...middleware) {
        middlewares.push(...middleware);
        for (const transport of Object.values(transports)) transport.use(...middleware);
      },
      eject(...middleware) {
        for (const item of middleware) {
          const index = middlewares.indexOf(item);
          if (index >= 0) middlewares.splice(index, 1);
        }
        for (const transport of Object.values(transports)) transport.eject(...middleware);
      },
    },
    call: (method, path, request, options) =>
      new APIPromise(
        send(method, path, request as OpenapiInit, options, jsonData) as Promise<CallAnswer<unknown>>,
      ) as APIPromise<WithRequestId<DataOf<typeof method, typeof path>>>,
    send: (method, path, request, options, overrides) =>
      send(method, path, request as OpenapiInit, options, overrides ?? {}) as Promise<SentCall>,
    apiError,
    middleware: () => [...middlewares],
    redact: (text) => redactorOf(config.apiKey)?.redact(text) ?? text,
  };
}

/** Headers with the key redacted from their values, copied only when one holds it (an echo shows in `inspect`). */
function redactedHeaders(headers: Headers, redactor: KeyRedactor): Headers {
  const values = [...headers];
  const redacted = redactor.redactValue(values);
  return JSON.stringify(redacted) === JSON.stringify(values) ? headers : new Headers(redacted);
}
