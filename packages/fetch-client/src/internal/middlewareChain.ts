import type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';

/**
 * Sends `request` through openapi-fetch middleware the way its `coreFetch` does: each `onRequest` in order (a
 * `Request` it returns replaces the request, a `Response` answers the call unsent), then `fetch`; on a failure each
 * `onError` in reverse order (a `Response` it returns answers the call, an `Error` replaces the failure); then each
 * `onResponse` in reverse order. Retries happen inside `fetch`, so a middleware sees one request and one answer.
 */
/** What `client.use()` takes, checked as openapi-fetch checks it: an empty slot is skipped, anything else refused. */
export function checkedMiddleware(middleware: readonly (Middleware | undefined | null)[]): Middleware[] {
  const checked: Middleware[] = [];
  for (const m of middleware) {
    if (!m) continue;
    if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m)) {
      throw new Error('Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`');
    }
    checked.push(m);
  }
  return checked;
}

export async function sendThroughMiddleware(
  middleware: readonly Middleware[],
  request: Request,
  context: Omit<MiddlewareCallbackParams, 'request' | 'id'>,
  fetch: (request: Request) => Promise<Response>,
): Promise<{ request: Request; response: Response }> {
  const id = Math.random().toString(36).slice(2, 11);
  let response: Response | undefined;
  for (const m of middleware) {
    if (typeof m?.onRequest !== 'function') continue;
    const result = await m.onRequest({ ...context, request, id });
    if (!result) continue;
    if (result instanceof Request) request = result;
    else if (result instanceof Response) {
      response = result;
      break;
    } else throw new Error('onRequest: must return new Request() or Response() when modifying the request');
  }
  if (response) return { request, response };
  try {
    response = await fetch(request);
  } catch (cause) {
    let error: unknown = cause;
    for (let i = middleware.length - 1; i >= 0; i--) {
      const m = middleware[i];
      // Called as a method: a middleware may be a class instance that reads `this`.
      if (typeof m?.onError !== 'function') continue;
      const result = await m.onError({ ...context, request, id, error });
      if (!result) continue;
      if (result instanceof Response) {
        error = undefined;
        response = result;
        break;
      }
      if (result instanceof Error) error = result;
      else throw new Error('onError: must return new Response() or instance of Error');
    }
    if (!response) throw error;
  }
  for (let i = middleware.length - 1; i >= 0; i--) {
    const m = middleware[i];
    if (typeof m?.onResponse !== 'function') continue;
    const result = await m.onResponse({ ...context, request, id, response });
    if (!result) continue;
    if (!(result instanceof Response)) {
      throw new Error('onResponse: must return new Response() when modifying the response');
    }
    response = result;
  }
  return { request, response };
}
