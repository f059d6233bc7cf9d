import {
  type BodySerializer,
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  type HeadersOptions,
  type Middleware,
  mergeHeaders,
  type PathSerializer,
  type QuerySerializer,
  type QuerySerializerOptions,
  removeTrailingSlash,
} from 'openapi-fetch';

/**
 * A call as openapi-fetch's options describe it: what a resource method passes (params and body) and what a
 * low-level call may add. The typed surface is checked where it is called; inside, one builder serves every call.
 */
export interface CallRequest {
  body?: unknown;
  params?: {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
  };
  headers?: HeadersOptions;
  parseAs?: ParseAs;
  querySerializer?: QuerySerializer<unknown> | QuerySerializerOptions;
  bodySerializer?: BodySerializer<unknown>;
  pathSerializer?: PathSerializer;
  baseUrl?: string;
  Request?: typeof Request;
  middleware?: Middleware[];
  /** Any other field is `RequestInit`'s (`cache`, `credentials`...) or a runtime's own, as openapi-fetch takes it. */
  [init: string]: unknown;
}

export type ParseAs = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream';

/** What openapi-fetch shows a middleware of the call (`options`): the base address and serializers it builds with. */
export interface BuildOptions {
  baseUrl: string;
  querySerializer: QuerySerializer<unknown>;
  bodySerializer: BodySerializer<unknown>;
  pathSerializer: PathSerializer;
}

/** The fields of `CallRequest` that are openapi-fetch's, not `RequestInit`'s: never copied onto the request. */
const openapiFields = new Set([
  'body',
  'params',
  'headers',
  'parseAs',
  'querySerializer',
  'bodySerializer',
  'pathSerializer',
  'baseUrl',
  'Request',
  'middleware',
  'fetch',
]);

/**
 * The one place a call's request is built, whatever made the call (a resource method, a low-level `client.GET()`,
 * a client with middleware): openapi-fetch's own rules and serializers (`createFinalURL`, `createQuerySerializer`,
 * `defaultPathSerializer`, `defaultBodySerializer`, `mergeHeaders`), so the request is the one openapi-fetch's
 * `coreFetch` would build, byte for byte (`requestBuilder.test.ts`). What it skips is the generic work coreFetch
 * does on every call for options a call does not use: a call of params and a body (every resource method) gets a
 * query serializer made once and the client's headers merged once. In process, that work cost a GET as much as the
 * retries, the timeout, the request id and `withResponse()` together (measured).
 *
 * `keepBody` sees the serialized body first: the transport rebuilds a retry from it.
 */
export function createRequestBuilder(baseUrl: string, headers: Record<string, string>) {
  const base = removeTrailingSlash(baseUrl);
  const querySerializer = createQuerySerializer();
  // The client's headers merged once, with and without a JSON body's Content-Type, as openapi-fetch merges them
  // for each call; a call's own headers are merged over them when it has some.
  const plain = mergeHeaders(headers);
  const plainRecord = Object.fromEntries(plain);
  const jsonRecord = Object.fromEntries(mergeHeaders({ 'Content-Type': 'application/json' }, headers));

  const build: BuildRequest = (method, path, call, callHeaders, keepBody) => {
    if (holdsOnlyParamsAndBody(call)) {
      const { params, body } = call;
      const url = createFinalURL(path, {
        baseUrl: base,
        params: params ?? {},
        querySerializer,
        pathSerializer: defaultPathSerializer,
      });
      const serialized =
        body === undefined
          ? undefined
          : serializedBody(
              defaultBodySerializer,
              body,
              callHeaders ? mergeHeaders(headers, callHeaders) : plain,
              keepBody,
            );
      // openapi-fetch sets no Content-Type for a FormData body: the runtime writes it, boundary included.
      const json = serialized !== undefined && !(serialized instanceof FormData);
      const merged = callHeaders
        ? mergeHeaders(json ? { 'Content-Type': 'application/json' } : {}, headers, callHeaders)
        : json
          ? jsonRecord
          : plainRecord;
      return new Request(url, {
        redirect: 'follow',
        method,
        body: serialized as BodyInit | undefined,
        headers: merged,
      });
    }
    return buildWithOptions(method, path, call, callHeaders, keepBody);
  };

  /** The options a call is built with, as a middleware is shown them: asked only when a middleware runs. */
  function optionsOf(call: CallRequest): BuildOptions {
    return {
      baseUrl: call.baseUrl ? removeTrailingSlash(call.baseUrl) : base,
      querySerializer: querySerializerOf(call),
      bodySerializer: call.bodySerializer ?? defaultBodySerializer,
      pathSerializer: call.pathSerializer ?? defaultPathSerializer,
    };
  }

  /** The call's own query serializer, its options over the defaults; else the one made for every call. */
  function querySerializerOf(call: CallRequest): QuerySerializer<unknown> {
    if (!call.querySerializer) return querySerializer;
    return typeof call.querySerializer === 'function'
      ? call.querySerializer
      : createQuerySerializer(call.querySerializer);
  }

  /** A call with options of openapi-fetch's: built as its coreFetch builds it, option by option. */
  const buildWithOptions: BuildRequest = (method, path, call, callHeaders, keepBody) => {
    const { params = {}, body } = call;
    const {
      baseUrl: callBase,
      querySerializer: callQuerySerializer,
      bodySerializer,
      pathSerializer,
    } = optionsOf(call);
    const serialized =
      body === undefined
        ? undefined
        : serializedBody(
            bodySerializer,
            body,
            mergeHeaders(headers, callHeaders, params.header as HeadersOptions | undefined),
            keepBody,
          );
    const merged = mergeHeaders(
      serialized === undefined || serialized instanceof FormData
        ? {}
        : { 'Content-Type': 'application/json' },
      headers,
      callHeaders,
      params.header as HeadersOptions | undefined,
    );
    const init: Record<string, unknown> = { redirect: 'follow' };
    for (const key in call) if (!openapiFields.has(key)) init[key] = call[key];
    init.method = method;
    init.body = serialized;
    init.headers = merged;
    const RequestClass = call.Request ?? Request;
    const request = new RequestClass(
      createFinalURL(path, {
        baseUrl: callBase,
        params,
        querySerializer: callQuerySerializer,
        pathSerializer,
      }),
      init as RequestInit,
    );
    // As openapi-fetch does: an option fetch does not know (Next.js's `next`, say) rides on the request itself.
    for (const key in init) {
      if (!(key in request)) (request as unknown as Record<string, unknown>)[key] = init[key];
    }
    return request;
  };

  return { build, optionsOf };
}

export type RequestBuilder = ReturnType<typeof createRequestBuilder>;

/** Sees the serialized body before it is sent: the transport rebuilds a retry from it. */
type KeepBody = <Body>(body: Body) => Body;

/** A body as its serializer writes it for the request's headers, shown to `keepBody` first. */
function serializedBody(
  serializer: BodySerializer<unknown>,
  body: unknown,
  headers: Headers,
  keepBody: KeepBody | undefined,
): unknown {
  const serialized = (serializer as (body: unknown, headers: Headers) => unknown)(body, headers);
  return keepBody ? keepBody(serialized) : serialized;
}

/** Builds one call's request: its method, path template, options, own headers and `keepBody`. */
type BuildRequest = (
  method: string,
  path: string,
  call: CallRequest,
  callHeaders: HeadersOptions | undefined,
  keepBody: KeepBody | undefined,
) => Request;

/** A call of nothing but its parameters (path and query) and its body: every resource method's. */
function holdsOnlyParamsAndBody(call: CallRequest): boolean {
  for (const key in call) if (key !== 'params' && key !== 'body') return false;
  return call.params?.header === undefined;
}
