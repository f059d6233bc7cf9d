import type { paths } from '@inference-infra/types';
import createOpenapiFetch, { type Client, type Middleware } from 'openapi-fetch';
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
  checkedWholeNumber,
  maxTimeoutMs,
  resolveConfig,
} from './clientConfig.js';
import { redactHeaders, redactSecret } from './redactSecret.js';
import type { RequestValidator } from './requestValidator.js';
import { type Route, routes } from './routes.gen.js';
import { createCallTransport } from './transport.js';
import { type WithRequestId, withRequestId } from './withRequestId.js';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
// biome-ignore lint/suspicious/noExplicitAny: openapi-fetch's per-method init types differ; the public surface stays typed.
type AnyInit = Record<string, any>;

/** What a resource method needs for one call, beyond openapi-fetch's own options. */
export interface CallOptions {
  /** Ends the call (and a stream) at once; the call then rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Overrides the client's retries for this call. */
  maxRetries?: number;
}

/** The typed low-level calls of openapi-fetch, each routed to the base address its path belongs to. */
export type LowLevelClient = Pick<Client<paths>, HttpMethod> & {
  /** Registers openapi-fetch middleware ({ onRequest, onResponse, onError }) for both base addresses. */
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
};

/** What the resources are built on: the low-level calls, and two ways to call an operation through them. */
export interface CoreClient {
  lowLevel: LowLevelClient;
  /** Calls an operation and returns its data, or throws the typed error of its failure. */
  call<T>(method: HttpMethod, path: string, init: AnyInit & CallOptions): Promise<WithRequestId<T>>;
  /**
   * Calls an operation whose answer is a stream; returns the raw response once its headers are in. `init.signal` ends
   * the stream's body too, so the caller passes a signal it controls for as long as the stream lives.
   */
  callStream(method: HttpMethod, path: string, init: AnyInit & CallOptions): Promise<Response>;
  /** The typed error of a failure status, with the key redacted from whatever the server echoed. */
  apiError(
    status: number,
    body: ErrorBody | string | undefined,
    headers: Headers,
    operation: FailedOperation,
  ): APIError;
}

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

/** Bodies are serialized before openapi-fetch sees them, so that a retry can send the same text again. */
const asIs = (body: unknown) => body;

export function createCoreClient(options: ClientOptions, validator?: RequestValidator): CoreClient {
  const config = resolveConfig(options);
  const headers = { ...config.headers, Authorization: `Bearer ${config.apiKey}` };
  const { inference, platform } = config.baseUrls;
  const transports = {
    inference: inference ? createOpenapiFetch<paths>({ baseUrl: inference, headers }) : undefined,
    platform: platform ? createOpenapiFetch<paths>({ baseUrl: platform, headers }) : undefined,
  };

  function routeOf(method: string, path: string): Route {
    const route = routes[`${method} ${path}`];
    if (!route) throw new ClientConfigError(`${method} ${path} is not an operation of the spec`);
    return route;
  }

  /**
   * Validates, routes and sends one call; what comes back is openapi-fetch's `{ data, error, response }`. Async, so
   * that a call refused before sending rejects like one that failed, instead of throwing where it was made.
   */
  async function send(method: HttpMethod, path: string, init: AnyInit & CallOptions, streaming = false) {
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
    const { body, params } = init;
    const operation = { method, path, operationId };
    checkPathParams(operation, params?.path);
    validator?.(operationId, method, path, { body, query: params?.query, path: params?.path });
    const serialized = body === undefined ? undefined : JSON.stringify(body);
    const maxRetries = checkedWholeNumber('maxRetries', init.maxRetries, config.retry.maxRetries, 0);
    const transport = createCallTransport({
      fetch: config.fetch,
      retry: maxRetries === config.retry.maxRetries ? config.retry : { ...config.retry, maxRetries },
      timeoutMs: checkedWholeNumber('timeoutMs', init.timeoutMs, config.timeoutMs, 1, maxTimeoutMs),
      signal: init.signal,
      stateChanging: route.stateChanging,
      streaming,
      operation,
      body: serialized,
    });
    type Send = (
      path: string,
      init: AnyInit,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    // openapi-fetch reads the answer before it resolves, so settling here ends the timeout once the body is in.
    return (client[method] as Send)(path, {
      ...init,
      body: serialized,
      bodySerializer: asIs,
      // The caller's signal reaches fetch through the transport, which adds the timeout to it.
      signal: undefined,
      fetch: transport.fetch,
    }).then(
      (result) => {
        transport.settle();
        return result;
      },
      (error: unknown) => {
        transport.settle();
        throw transport.failure(error, true);
      },
    );
  }

  const apiError: CoreClient['apiError'] = (status, body, responseHeaders, operation) =>
    apiErrorFor(
      status,
      redactSecret(body, config.apiKey),
      redactHeaders(responseHeaders, config.apiKey),
      operation,
    );

  /** A failure status becomes the typed error of its status, carrying the parsed body and the request id. */
  function throwIfFailed(method: HttpMethod, path: string, error: unknown, response: Response) {
    if (response.ok) return;
    throw apiError(response.status, error as ErrorBody | string | undefined, response.headers, {
      method,
      path,
      operationId: routeOf(method, path).operationId,
    });
  }

  const lowLevel =
    (method: HttpMethod) =>
    (path: string, init: AnyInit = {}) =>
      send(method, path, init);

  return {
    lowLevel: {
      GET: lowLevel('GET') as Client<paths>['GET'],
      POST: lowLevel('POST') as Client<paths>['POST'],
      PATCH: lowLevel('PATCH') as Client<paths>['PATCH'],
      PUT: lowLevel('PUT') as Client<paths>['PUT'],
      DELETE: lowLevel('DELETE') as Client<paths>['DELETE'],
      use(...middleware) {
        for (const transport of Object.values(transports)) transport?.use(...middleware);
      },
      eject(...middleware) {
        for (const transport of Object.values(transports)) transport?.eject(...middleware);
      },
    },
    async call<T>(method: HttpMethod, path: string, init: AnyInit & CallOptions) {
      const { data, error, response } = await send(method, path, init);
      throwIfFailed(method, path, error, response);
      return withRequestId(data as T, response);
    },
    async callStream(method, path, init) {
      const { error, response } = await send(method, path, { ...init, parseAs: 'stream' }, true);
      throwIfFailed(method, path, error, response);
      return response;
    },
    apiError,
  };
}
