import {
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  mergeHeaders,
  removeTrailingSlash,
} from 'openapi-fetch';

/** openapi-fetch's result of a call: its data, or its error body, and the answer. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** What a typed call carries that openapi-fetch acts on: its parameters and body (typed from the spec). */
interface CallRequest {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
}

/**
 * A typed call sent the way openapi-fetch's `coreFetch` sends it, with its own serializers and header merge, minus
 * the generic work it does on every call for features such a call does not use: a query serializer made anew, the
 * client's headers merged twice into `Headers`, the middleware bookkeeping, its init spread and destructured twice.
 * In process that work cost a GET as much as the retries, the timeout, the request id and `withResponse()` together
 * (measured). Only for a call nothing can change on its way (`directlySendable`): one with middleware, or with any
 * option of openapi-fetch's, goes through openapi-fetch itself. `directCall.test.ts` holds both to the same
 * requests and results.
 */
export function createDirectCall(baseUrl: string, headers: Record<string, string>) {
  const base = removeTrailingSlash(baseUrl);
  const querySerializer = createQuerySerializer();
  // The client's headers merged once, with and without a JSON body's Content-Type, as openapi-fetch merges them
  // for each call; a call's own headers are merged over them when it has some.
  const plain = mergeHeaders(headers);
  const plainRecord = Object.fromEntries(plain);
  const jsonRecord = Object.fromEntries(mergeHeaders({ 'Content-Type': 'application/json' }, headers));

  /** The request openapi-fetch would build for this call; its body, serialized, goes through `keepBody` first. */
  function requestFor(
    method: string,
    path: string,
    { params, body }: CallRequest,
    callHeaders: Record<string, string | null> | undefined,
    keepBody: <Body>(body: Body) => Body,
  ): Request {
    const url = createFinalURL(path, {
      baseUrl: base,
      params: params ?? {},
      querySerializer,
      pathSerializer: defaultPathSerializer,
    });
    const serialized =
      body === undefined
        ? undefined
        : keepBody(
            (defaultBodySerializer as (body: unknown, headers: Headers) => string | FormData)(
              body,
              callHeaders ? mergeHeaders(headers, callHeaders) : plain,
            ),
          );
    // openapi-fetch sets no Content-Type for a FormData body: the runtime writes it, boundary included.
    const json = serialized !== undefined && !(serialized instanceof FormData);
    const merged = callHeaders
      ? mergeHeaders(json ? { 'Content-Type': 'application/json' } : {}, headers, callHeaders)
      : json
        ? jsonRecord
        : plainRecord;
    return new Request(url, { redirect: 'follow', method, body: serialized, headers: merged });
  }

  return requestFor;
}

/** A typed call's request is sent directly only when it holds nothing but its parameters and its body. */
export function directlySendable(request: object): boolean {
  for (const key in request) if (key !== 'params' && key !== 'body') return false;
  return true;
}

/**
 * The answer read as openapi-fetch reads it: no body for a 204 or an empty one; a success as text (or its stream,
 * unread); a failure's body as JSON when it parses, else as text.
 */
export async function readAnswer(response: Response, parseAs: 'text' | 'stream'): Promise<FetchResult> {
  const { headers } = response;
  if (
    response.status === 204 ||
    (headers.get('Content-Length') === '0' && !headers.get('Transfer-Encoding')?.includes('chunked'))
  ) {
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  }
  if (response.ok) return { data: parseAs === 'stream' ? response.body : await response.text(), response };
  const text = await response.text();
  try {
    return { error: JSON.parse(text), response };
  } catch {
    return { error: text, response };
  }
}
