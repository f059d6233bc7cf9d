import type { paths } from '@inference-infra/types';
import createOpenapiFetch, { type Client, type Middleware } from 'openapi-fetch';
import { APIPromise } from '../apiPromise.js';
import {
  APIConnectionError,
  type APIError,
  apiErrorFor,
  type ErrorBody,
  type FailedOperation,
  RequestValidationError,
} from '../errors.js';
import {
  ClientConfigError,
  type ClientOptions,
  checkedWholeNumber,
  maxTimeoutMs,
  resolveConfig,
} from './clientConfig.js';
import type { DataOf, HttpMethod, InitOf, PathOf, Route } from './operations.js';
import { redactHeaders, redactSecret } from './redactSecret.js';
import type { RequestValidator } from './requestValidator.js';
import { routes } from './routes.gen.js';
import { createCallTransport } from './transport.js';
import { type WithRequestId, withRequestId } from './withRequestId.js';

/** What a resource method needs for one call, beyond openapi-fetch's own options. */
export interface CallOptions {
  /** Ends the call (and a stream) at once; the call then rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
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

/** One operation's options as openapi-fetch types them from the spec, plus this client's per-call options. */
export type CallInit<Method extends HttpMethod, Path extends PathOf<Method>> = InitOf<Method, Path> &
  CallOptions;

/** An answer whose status was a success: openapi-fetch's data (with `parseAs: 'stream'`, the body unread). */
export interface SentCall {
  data: unknown;
  response: Response;
  operation: FailedOperation;
}

/** What the resources are built on: the low-level calls, and calls of one operation typed from the spec. */
export interface CoreClient {
  lowLevel: LowLevelClient;
  /** Calls an operation and returns its data, or rejects with the typed error of its failure. */
  call<Method extends HttpMethod, Path extends PathOf<Method>>(
    method: Method,
    path: Path,
    init: CallInit<Method, Path>,
  ): APIPromise<WithRequestId<DataOf<Method, Path>>>;
  /**
   * Sends an operation; resolves once its answer is read (with `parseAs: 'stream'`, once the headers are in), or
   * rejects with the typed error of its failure. A stream's owner reads and ends the body.
   */
  send<Method extends HttpMethod, Path extends PathOf<Method>>(
    method: Method,
    path: Path,
    init: CallInit<Method, Path>,
    overrides?: { parseAs?: 'stream'; signal?: AbortSignal },
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
}

/**
 * The parts of an init this module reads. The typed surface (`CoreClient`, `LowLevelClient`) is checked where it
 * is called; inside, one code path serves every operation.
 */
interface SendInit extends CallOptions {
  body?: unknown;
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  parseAs?: 'json' | 'stream' | 'text';
}

type OpenapiFetchMethod = (
  path: string,
  init: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** A path parameter that would change the request's path instead of naming a resource in it. */
const pathChanging = new Set(['', '.', '..']);

function checkPathParams(operation: FailedOperation, pathParams: Record<string, unknown> | undefined) {
  for (const [name, value] of Object.entries(pathParams ?? {})) {
    if (pathChanging.has(String(value))) {
      const message = `${name}: must not be empty, "." or ".." (it would change the request path; got "${value}")`;
      throw new RequestValidationError(operation, [{ field: name, message }]);
    }
  }
}

export function createCoreClient(options: ClientOptions, validator?: RequestValidator): CoreClient {
  const config = resolveConfig(options);
  const { log } = config;
  const headers = config.apiKey
    ? { ...config.headers, Authorization: `Bearer ${config.apiKey}` }
    : config.headers;
  const middlewares: Middleware[] = [];
  const { inference, platform } = config.baseUrls;
  const transports = {
    inference: inference ? createOpenapiFetch<paths>({ baseUrl: inference, headers }) : undefined,
    platform: platform ? createOpenapiFetch<paths>({ baseUrl: platform, headers }) : undefined,
  };

  function routeOf(method: string, path: string): Route {
    // Low-level calls from plain JavaScript can name anything: look the key up as a string.
    const route = (routes as Readonly<Record<string, Route | undefined>>)[`${method} ${path}`];
    if (!route) throw new ClientConfigError(`${method} ${path} is not an operation of the spec`);
    return route;
  }

  /**
   * Validates, routes and sends one call; resolves with openapi-fetch's `{ data, error, response }`. Async, so that
   * a call refused before sending rejects like one that failed, instead of throwing where it was made.
   */
  async function send(method: HttpMethod, path: string, init: SendInit) {
    const route = routeOf(method, path);
    const { operationId, surface } = route;
    const client = transports[surface];
    if (!client) {
      const [option, variable] =
        surface === 'inference'
          ? ['baseUrl', 'INFERENCE_INFRA_BASE_URL']
          : ['platformUrl', 'INFERENCE_INFRA_PLATFORM_URL'];
      throw new ClientConfigError(
        `${operationId} needs the ${surface} base address: pass createClient({ ${option} }) or set ${variable}.`,
      );
    }
    const { body, params, signal, timeoutMs, maxRetries: callRetries, fetchOptions, ...rest } = init;
    const operation = { method, path, operationId };
    checkPathParams(operation, params?.path);
    validator?.(operationId, method, path, { body, query: params?.query, path: params?.path });
    const maxRetries = checkedWholeNumber('maxRetries', callRetries, config.retry.maxRetries, 0);
    const transport = createCallTransport({
      fetch: config.fetch,
      retry: maxRetries === config.retry.maxRetries ? config.retry : { ...config.retry, maxRetries },
      timeoutMs: checkedWholeNumber('timeoutMs', timeoutMs, config.timeoutMs, 1, maxTimeoutMs),
      signal,
      stateChanging: route.stateChanging,
      operation,
      fetchOptions,
      log,
    });
    // openapi-fetch reads the answer before it resolves (a stream: its headers), so settling here ends the timeout
    // once the answer is in. The caller's signal reaches fetch through the transport, which adds the timeout to it.
    const result = await (client[method] as OpenapiFetchMethod)(path, {
      ...rest,
      body,
      params,
      fetch: transport.fetch,
    }).then(
      (answer) => {
        transport.settle();
        return answer;
      },
      (error: unknown) => {
        transport.settle();
        throw transport.failure(error, true);
      },
    );
    return { ...result, operation, log: transport.log() };
  }

  const apiError: CoreClient['apiError'] = (status, body, responseHeaders, operation) =>
    apiErrorFor(
      status,
      redactSecret(body, config.apiKey),
      redactHeaders(responseHeaders, config.apiKey),
      operation,
    );

  /** Sends, and turns a failure status into the typed error of its status, with the parsed body and request id. */
  async function sendChecked(method: HttpMethod, path: string, init: SendInit): Promise<SentCall> {
    // The call's own log once it is sent: an error body may echo a credential the request carried in its headers.
    let callLog = log;
    try {
      const { data, error, response, operation, log: sentLog } = await send(method, path, init);
      callLog = sentLog;
      if (!response.ok) {
        throw apiError(response.status, error as ErrorBody | string | undefined, response.headers, operation);
      }
      return { data, response, operation };
    } catch (error) {
      callLog('error', `${method} ${path} failed: ${(error as Error)?.message}`);
      throw error;
    }
  }

  /**
   * The answer of a JSON call, read as text (within the timeout, like any answer) so that `asResponse()` can hand
   * out an unread copy; openapi-fetch's JSON rule is kept: an empty body is no data.
   */
  async function readJson(method: HttpMethod, path: string, init: SendInit) {
    const { data, response, operation } = await sendChecked(method, path, { ...init, parseAs: 'text' });
    const text = data as string | undefined;
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch (cause) {
      const error = new APIConnectionError(
        `Connection failed: ${operation.operationId}: the answer is not valid JSON (cut off, or not JSON at all)`,
        operation,
        { cause },
      );
      log('error', error.message);
      throw error;
    }
    const unread = () => {
      const copy = new Response(text || null, response);
      Object.defineProperty(copy, 'url', { value: response.url });
      return copy;
    };
    return { data: withRequestId(parsed, response), response, unread };
  }

  const lowLevel =
    (method: HttpMethod) =>
    (path: string, init: SendInit = {}) =>
      send(method, path, init);

  return {
    lowLevel: {
      GET: lowLevel('GET') as Client<paths>['GET'],
      POST: lowLevel('POST') as Client<paths>['POST'],
      PATCH: lowLevel('PATCH') as Client<paths>['PATCH'],
      PUT: lowLevel('PUT') as Client<paths>['PUT'],
      DELETE: lowLevel('DELETE') as Client<paths>['DELETE'],
      use(...middleware) {
        middlewares.push(...middleware);
        for (const transport of Object.values(transports)) transport?.use(...middleware);
      },
      eject(...middleware) {
        for (const item of middleware) {
          const index = middlewares.indexOf(item);
          if (index >= 0) middlewares.splice(index, 1);
        }
        for (const transport of Object.values(transports)) transport?.eject(...middleware);
      },
    },
    call: (method, path, init) =>
      new APIPromise(readJson(method, path, init as SendInit)) as APIPromise<
        WithRequestId<DataOf<typeof method, typeof path>>
      >,
    send: (method, path, init, overrides) =>
      sendChecked(method, path, { ...(init as SendInit), ...overrides }),
    apiError,
    middleware: () => [...middlewares],
  };
}
