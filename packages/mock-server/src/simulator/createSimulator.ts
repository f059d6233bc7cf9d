import { type ServerSpan, type ServerTelemetryOptions, startServerSpan } from '@inference-infra/edge/otel';
import bundledSpec from '@inference-infra/types/openapi.json' with { type: 'json' };
import { type SpecModel, specModelOf } from '@inference-infra/types/spec-model';
import { operationAt, type SpecRoute, specRoutesOf } from '../specRoutes.js';
import { type ErrorDetails, errorResponder, errorTypesOf } from './errorResponses.js';
import { createConformingHandler, idGenerator } from './handleRequest.js';
import { operations } from './operations/index.js';
import {
  type ResolvedSimulatorOptions,
  resolveSimulatorOptions,
  SimulatorOptionError,
  type SimulatorOptions,
} from './simulatorOptions.js';
import { createSimulatorState, type SimulatorState } from './simulatorState.js';
import type { SimulatorHandler, SimulatorRequest, SimulatorResponse } from './simulatorTypes.js';
import { type SpecAnswerSource, simulatorAnswerHeader } from './specAnswer.js';
import { createSpecServed, declaredErrorCode } from './specServed.js';
import { toWebResponse } from './webResponse.js';

type JsonObject = Record<string, unknown>;

export interface Simulator {
  /** The whole state, to inspect or arrange in tests; replaced by `reset()`. */
  readonly state: SimulatorState;
  /** The options in force, defaults filled in. */
  readonly options: ResolvedSimulatorOptions;
  /** The operations it serves, from its spec: each with its method, path and base address. */
  readonly routes: readonly SpecRoute[];
  /** The operationIds it answers from the spec, having no stateful handler for them (`X-Simulator-Answer`). */
  readonly specServedOperations: readonly string[];
  /**
   * Resolves once it can answer every operation: at once for a spec whose every operation has a handler; for one it
   * answers from the spec, once the spec's request rules are loaded. `fetch` and the HTTP servers wait for it; a
   * direct `handle()` call should too.
   */
  readonly ready: Promise<void>;
  /**
   * Answers one request in process, as the service would over HTTP: a `fetch`-compatible function to hand to
   * `createClient({ fetch })` or any client that takes one. Platform paths (`/api/...`) and inference paths
   * (`/v1/...`) are told apart by path, whatever the origin.
   */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** The answer to a request already read: what the HTTP server and MSW handlers call. */
  handle(request: SimulatorRequest): SimulatorResponse;
  /** A request as the simulator sees it; the HTTP server and MSW use it. */
  toSimulatorRequest(
    method: string,
    url: URL,
    headers: Headers | Record<string, string | undefined>,
    body: string,
  ): SimulatorRequest;
  /** Back to the seeded start: workspaces, volumes and ledgers as new; the fault rules' counters keep running. */
  reset(): void;
}

/** Requests kept in `state.requests`: at least this many of the latest. */
const requestLogSize = 10_000;

/** Routes and error types of a spec document, read once per document. */
const specCache = new WeakMap<
  object,
  { model: SpecModel; routes: SpecRoute[]; errorTypes: Map<number, string> }
>();

function specOf(document: JsonObject) {
  let found = specCache.get(document);
  if (!found) {
    const model = specModelOf(document);
    found = { model, routes: specRoutesOf(model), errorTypes: errorTypesOf(model) };
    specCache.set(document, found);
  }
  return found;
}

/** The spec a simulator serves: the option's document, read into the spec model, or an error naming the option. */
function servedSpecOf(spec: SimulatorOptions['spec']) {
  if (spec === undefined) return specOf(bundledSpec as JsonObject);
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    throw new SimulatorOptionError('spec must be a bundled OpenAPI document (a JSON object)');
  try {
    return specOf(spec as JsonObject);
  } catch (error) {
    throw new SimulatorOptionError(
      `spec must be a bundled OpenAPI document this simulator can serve: ${(error as Error).message}`,
    );
  }
}

/** The routes of the bundled spec, which the simulator serves. */
export function bundledSpecRoutes(): readonly SpecRoute[] {
  return specOf(bundledSpec as JsonObject).routes;
}

/**
 * A stateful simulator of the whole service, from the bundled spec: routes, request checks and error types come
 * from it; the data is seeded. Serve it over HTTP with `startMockServer()`, in process with `simulator.fetch`, or
 * through MSW with `@inference-infra/mock-server/msw`.
 */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const resolved = resolveSimulatorOptions(options);
  const { model, routes, errorTypes } = servedSpecOf(options.spec);
  // Operations without a stateful handler are answered from the spec: a new operation is served the moment it is in it.
  const specServedOperations = routes
    .filter((route) => !operations[route.operationId])
    .map((route) => route.operationId);

  const specServed = createSpecServed(model, specServedOperations.length > 0);
  let loaded = specServedOperations.length === 0;
  const ready = specServed.ready.then(() => {
    loaded = true;
  });
  // Awaited by `fetch` and the servers; a failure to load is theirs to report, never an unhandled rejection.
  ready.catch(() => {});

  let state = createSimulatorState(resolved);
  const newId = idGenerator(resolved.seed);
  const conforming = createConformingHandler({
    routes,
    options: resolved,
    error: errorResponder(errorTypes),
    state: () => state,
    reset: () => {
      state = createSimulatorState(resolved);
    },
    newId,
    specServed: specServed.serve,
    declaredErrorCode: (operationId, status) =>
      declaredErrorCode(model, model.operation(operationId), status),
  });
  // The interceptor sees the state of its time: a reset gives later requests the new one through this getter.
  const intercepted: SimulatorHandler = resolved.intercept
    ? (request) => (resolved.intercept as NonNullable<typeof resolved.intercept>)(conforming, state)(request)
    : conforming;

  const error = errorResponder(errorTypes);
  const handle = (request: SimulatorRequest): SimulatorResponse => {
    const span = resolved.telemetry ? requestSpan(resolved.telemetry, routes, request) : undefined;
    let answer: SimulatorResponse;
    try {
      answer = intercepted(request);
    } catch (cause) {
      // A bug of the simulator (or of an interceptor) is still an answer in the spec's shape, never a hang.
      const message = `The simulator failed: ${cause instanceof Error ? cause.message : String(cause)}`;
      answer = error(500, { code: 'simulator_failure', message }, request.requestId);
    }
    const response = { ...answer, headers: { 'x-request-id': request.requestId, ...answer.headers } };
    const answeredFrom = answer.headers[simulatorAnswerHeader] as SpecAnswerSource | undefined;
    state.requests.push({
      method: request.method,
      path: `${request.url.pathname}${request.url.search}`,
      operationId: request.operationId,
      status: response.status,
      requestId: response.headers['x-request-id'] ?? request.requestId,
      ...(answeredFrom ? { answer: answeredFrom } : {}),
    });
    // Trimmed a thousand at a time: splicing one off the front of a full log on every request costs more than the
    // rest of the answer.
    if (state.requests.length > requestLogSize + 1000)
      state.requests.splice(0, state.requests.length - requestLogSize);
    // A stream's span ends as its answer starts: the chunks are paced by the transport, not by the handler.
    span?.end(response.status);
    return response;
  };

  const toSimulatorRequest: Simulator['toSimulatorRequest'] = (method, url, headers, body) => {
    const lowered: Record<string, string | undefined> = {};
    const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers);
    for (const [name, value] of entries) lowered[name.toLowerCase()] = value;
    const upper = method.toUpperCase();
    return {
      method: upper,
      url,
      headers: lowered,
      body,
      requestId: newId('req_'),
      operationId: operationAt(routes, upper, url.pathname)?.operationId,
    };
  };

  return {
    get state() {
      return state;
    },
    options: resolved,
    routes,
    specServedOperations,
    ready,
    handle,
    toSimulatorRequest,
    reset() {
      state = createSimulatorState(resolved);
    },
    async fetch(input, init) {
      if (!loaded) await ready;
      let simulatorRequest: SimulatorRequest;
      let bodyBytes: number;
      let signal: AbortSignal | null | undefined;
      if (!(input instanceof Request) && (init?.body == null || typeof init.body === 'string')) {
        // The common case of a URL and a text body needs no web Request, whose construction costs more than the
        // answer itself.
        const body = init?.body ?? '';
        simulatorRequest = toSimulatorRequest(
          init?.method ?? 'GET',
          new URL(String(input)),
          new Headers(init?.headers),
          body,
        );
        bodyBytes = body.length * 3 <= resolved.maxBodyBytes ? 0 : new TextEncoder().encode(body).length;
        signal = init?.signal;
      } else {
        const request = input instanceof Request && init === undefined ? input : new Request(input, init);
        const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array();
        simulatorRequest = toSimulatorRequest(request.method, new URL(request.url), request.headers, '');
        simulatorRequest.body = new TextDecoder().decode(bytes);
        bodyBytes = bytes.length;
        signal = request.signal;
      }
      if (bodyBytes > resolved.maxBodyBytes) {
        return toWebResponse(tooLarge(simulatorRequest, resolved), { eventIntervalMs: 0 });
      }
      return toWebResponse(handle(simulatorRequest), {
        signal,
        eventIntervalMs: resolved.streamEventIntervalMs,
      });
    },
  };
}

/** The SERVER span of one request, parented by the caller's trace context, named by its route. */
function requestSpan(
  telemetry: ServerTelemetryOptions,
  routes: readonly SpecRoute[],
  request: SimulatorRequest,
): ServerSpan | undefined {
  const route = operationAt(routes, request.method, request.url.pathname);
  const headers = new Headers();
  for (const name of ['traceparent', 'tracestate']) {
    const value = request.headers[name];
    if (value !== undefined) headers.set(name, value);
  }
  return startServerSpan(
    telemetry,
    '@inference-infra/mock-server',
    route ? `${request.method} ${route.specPath}` : request.method,
    headers,
    {
      'http.request.method': request.method,
      'http.route': route?.specPath,
      'url.path': request.url.pathname,
      'inference_infra.operation_id': route?.operationId,
      'inference_infra.request_id': request.requestId,
    },
  );
}

/** An error answer in the spec's shape, with its `X-Request-Id`, for the transports' own refusals. */
export function simulatorError(status: number, details: ErrorDetails, requestId: string): SimulatorResponse {
  const response = errorResponder(specOf(bundledSpec as JsonObject).errorTypes)(status, details, requestId);
  return { ...response, headers: { 'x-request-id': requestId, ...response.headers } };
}

/** The answer to a body over `maxBodyBytes`: the spec's 400, sent before the rest of the body is read. */
export function tooLarge(request: SimulatorRequest, options: ResolvedSimulatorOptions): SimulatorResponse {
  return simulatorError(
    400,
    {
      code: 'body_too_large',
      message: `body: must be at most ${options.maxBodyBytes} bytes (the simulator's maxBodyBytes)`,
      param: 'body',
    },
    request.requestId,
  );
}
