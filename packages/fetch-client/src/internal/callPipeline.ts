import type { paths } from '@inference-infra/types';
import type { Client, HeadersOptions, Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
import { APIPromise, type CallAnswer } from '../apiPromise.js';
import {
  type APIError,
  ClientConfigError,
  type ErrorBody,
  type FailedOperation,
  RequestValidationError,
} from '../errors.js';
import type { CallOptions } from './callOptions.js';
import {
  type ClientOptions,
  checkedHeaders,
  checkedWholeNumber,
  maxTimeoutMs,
  resolveConfig,
} from './clientConfig.js';
import { loadRedaction, redactKey, redactorOf } from './keyRedaction.js';
import { checkedMiddleware, sendThroughMiddleware } from './middlewareChain.js';
import type { DataOf, HttpMethod, InitOf, PathOf, Route } from './operations.js';
import { outgoingFailure, redactedApiError, Unredacted } from './outgoingFailure.js';
import { type FetchResult, readAnswer } from './readAnswer.js';
import { type CallRequest, createRequestBuilder, type RequestBuilder } from './requestBuilder.js';
import type { RequestValidator } from './requestValidator.js';
import { routes } from './routes.gen.js';
import type { CallTelemetry } from './telemetry/callTelemetry.js';
import { loadedTelemetry, loadTelemetry, telemetryWanted } from './telemetry/loadTelemetry.js';
import { type CallTransport, createCallTransport } from './transport.js';
import { type WithRequestId, withRequestId } from './withRequestId.js';

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

/**
 * The client's one request pipeline, what the resources and the low-level calls are both built on: every call is
 * checked, built (`requestBuilder.ts`), passed through the middleware if any (`middlewareChain.ts`), sent by the
 * transport (retries, timeouts, abort) and read (`readAnswer.ts`) the same way, whatever made it.
 */
export interface CallPipeline {
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
 * openapi-fetch merges headers given as an object or a `Headers`; a list of pairs (a `HeadersInit` all the same) it
 * would send as one header named "0". Checked before, so the conversion cannot throw.
 */
function pairsAsHeaders(headers: HeadersOptions | undefined) {
  return Array.isArray(headers) ? new Headers(headers) : headers;
}

export function createCallPipeline(options: ClientOptions, validator?: RequestValidator): CallPipeline {
  const config = resolveConfig(options);
  const { log } = config;
  const headers = config.apiKey
    ? { ...config.headers, Authorization: `Bearer ${config.apiKey}` }
    : config.headers;
  const middlewares: Middleware[] = [];
  // A base address's builder is made with the first call to it: its header merge makes `Headers`, which on Node
  // loads undici (more than everything else createClient does, measured), and a client made at start-up may call
  // later or never.
  const builders: { inference?: RequestBuilder; platform?: RequestBuilder } = {};
  const builderOf = (surface: Route['surface'], baseUrl: string) => {
    builders[surface] ??= createRequestBuilder(baseUrl, headers);
    return builders[surface];
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
    request: CallRequest,
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
      const callHeaders = options?.headers ?? request.headers;
      if (options?.headers) {
        try {
          checkedHeaders('headers', options.headers, config.apiKey);
        } catch {
          // Said again on the way out, with the redactor loaded: a call whose headers pass loads nothing.
          const refusal = () => {
            try {
              checkedHeaders('headers', options.headers, config.apiKey);
            } catch (error) {
              return error;
            }
          };
          throw new Unredacted(refusal);
        }
      }
      validator?.(operationId, method, path, { body, query: params?.query, path: params?.path });
      const parseAs = reading.parseAs ?? request.parseAs ?? 'json';
      if (telemetryWanted(config.telemetry)) {
        const { startCallTelemetry } = loadedTelemetry() ?? (await loadTelemetry());
        telemetry = startCallTelemetry(config.telemetry, { route, method, path, baseUrl, body }, (text) =>
          redactKey(text, config.apiKey),
        );
      }
      // A call that quotes as it goes (its log lines, its spans, a keyed stream's events) has the redactor before
      // anything is sent, so its lines go out as they happen, in order. Any other call loads it only on the way out
      // of a failure (below): a call that succeeds with logging off loads nothing.
      if (log.enabled('error') || (config.apiKey && (telemetry || reading.parseAs === 'stream'))) {
        await loadRedaction();
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
        fetchOptions: options?.fetchOptions,
        log,
        telemetry,
      });
      const middleware = request.middleware?.length ? [...middlewares, ...request.middleware] : middlewares;
      // The answer is read before the call settles (a stream: its headers), so settling ends the timeout once the
      // answer is in. The caller's signal reaches fetch through the transport, which adds the timeout to it.
      let result: FetchResult;
      try {
        // With no middleware, the request that reaches the transport is the one built from this body: kept, it
        // rebuilds a retry, so no call copies its request "just in case". A middleware may replace the body.
        const builder = builderOf(surface, baseUrl);
        const built = builder.build(
          method,
          path,
          request,
          pairsAsHeaders(callHeaders),
          middleware.length === 0 ? transport.keepBody : undefined,
        );
        if (middleware.length === 0) {
          result = await readAnswer(await transport.fetch(built), parseAs, method);
        } else {
          const options = { ...builder.optionsOf(request), fetch: transport.fetch, parseAs };
          const { request: sent, response } = await sendThroughMiddleware(
            middleware,
            built,
            {
              schemaPath: path,
              params: params ?? {},
              options: Object.freeze(options) as MiddlewareCallbackParams['options'],
            },
            transport.fetch,
          );
          result = await readAnswer(response, parseAs, sent.method);
        }
      } catch (error) {
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
        // What the server echoed is quoted: made on the way out, redacted.
        const { status, headers: answerHeaders } = response;
        throw new Unredacted(() =>
          redactedApiError(
            config.apiKey,
            status,
            error as ErrorBody | string | undefined,
            answerHeaders,
            operation,
          ),
        );
      }
      if (reading.parseAs === 'stream') {
        return { data, response, operation, telemetry, idleTimeoutMs } satisfies SentCall;
      }
      const answer = jsonAnswer(data as string | undefined, response, transport);
      telemetry?.end({ data: answer.data });
      return answer;
    } catch (thrown) {
      // The way out of every failure, and where what it quotes is redacted: the redactor is loaded here (a keyed
      // client's failure, or a line to log) and the error made or redacted with it.
      if (config.apiKey || callLog.enabled('error')) await loadRedaction();
      const error = outgoingFailure(thrown, config.apiKey);
      telemetry?.end({ error });
      if (reading !== unchecked && callLog.enabled('error')) {
        callLog('error', `${method} ${path} failed: ${(error as Error)?.message}`);
      }
      throw error;
    }
  }

  // The low-level calls take this client's call options among openapi-fetch's own: split once, here.
  const lowLevel =
    (method: HttpMethod) =>
    (path: string, init: CallRequest & CallOptions = {}) => {
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
        middlewares.push(...checkedMiddleware(middleware));
      },
      eject(...middleware) {
        for (const item of middleware) {
          const index = middlewares.indexOf(item);
          if (index >= 0) middlewares.splice(index, 1);
        }
      },
    },
    call: (method, path, request, options) =>
      new APIPromise(
        send(method, path, request as CallRequest, options, jsonData) as Promise<CallAnswer<unknown>>,
      ) as APIPromise<WithRequestId<DataOf<typeof method, typeof path>>>,
    send: (method, path, request, options, overrides) =>
      send(method, path, request as CallRequest, options, overrides ?? {}) as Promise<SentCall>,
    apiError: (status, body, answerHeaders, operation) =>
      redactedApiError(config.apiKey, status, body, answerHeaders, operation),
    middleware: () => [...middlewares],
    redact: (text) => redactorOf(config.apiKey)?.redact(text) ?? text,
  };
}
