import { validateRequest } from '@inference-infra/types/request-validation';
import type { routes } from '../internal/routes.gen.js';
import { matchApiRoute } from './apiRouteMatch.js';
import { keyRedactingStream } from './keyRedactingStream.js';
import { refusal } from './refusal.js';
import { crossSiteRefusal, hostRefusal, isJsonMediaType, readCappedText } from './requestGuards.js';

type RouteEntry = (typeof routes)[keyof typeof routes];
/** An operation that changes state or costs money (`x-state-changing`): forwarded only when listed. */
export type StateChangingOperationId = Extract<RouteEntry, { stateChanging: true }>['operationId'];

export interface ApiRouteOptions {
  /** The key the route adds to every request it forwards. It never reaches the page. */
  apiKey: string;
  /** The inference base address, `/v1` included (the `{base_url}` of the spec). */
  baseUrl: string;
  /** The platform base address, without `/api/v1` (the `{platform_url}` of the spec). */
  platformUrl: string;
  /**
   * The state-changing or billable operations this route forwards, for example `['createChatCompletion']`. Reading
   * operations are always forwarded; any other is refused with 403, so a page cannot spend more than the app offers.
   */
  operations?: readonly StateChangingOperationId[];
  /** Origins of other sites whose pages may use the route (CORS). Default: none, only the route's own origin. */
  allowedOrigins?: readonly string[];
  /**
   * Host names the app is served under (`app.example.com`, with a port when it matters). Default: loopback names only
   * (`localhost`, `127.x.x.x`, `[::1]`), so a route deployed under another name must list it: against DNS rebinding.
   */
  allowedHosts?: readonly string[];
  /** Largest request body, in bytes (default 1 MiB): larger ones get 413 and are not read further. */
  maxBodyBytes?: number;
  /**
   * The app's own check, run before anything is read or sent: `true` lets the request on, `false` answers 401, a
   * `Response` is answered as it is (a redirect to a sign-in page, say).
   */
  authorize?: (request: Request) => boolean | Response | Promise<boolean | Response>;
  /** The `fetch` that reaches the API (default the global one). */
  fetch?: typeof fetch;
}

/** What a page may say about its request, passed on; everything else (its cookies, any Authorization) stays. */
const forwardedRequestHeaders = ['content-type', 'accept', 'x-simulate'];
/** What the page may read of the answer. */
const forwardedAnswerHeaders = ['content-type', 'x-request-id', 'retry-after', 'cache-control'];

/**
 * The server half of a page that holds no key, as a web-standard handler: `(request: Request) => Promise<Response>`
 * (Next.js route handlers, Hono, Cloudflare Workers, Deno and Bun take it as it is; `toNodeListener` adapts it to
 * `node:http` and Express). The page's keyless client sends `/v1/...` and `/api/...` to its own origin; the route
 * forwards only the spec's operations, from the app's own pages, checked before anything is sent, adds the key, and
 * streams the answer back with the key never in it.
 */
export function createApiRoute(options: ApiRouteOptions): (request: Request) => Promise<Response> {
  const { apiKey, allowedOrigins = [], maxBodyBytes = 1024 * 1024 } = options;
  if (typeof apiKey !== 'string' || apiKey === '')
    throw new TypeError('createApiRoute: apiKey must be a non-empty string');
  const upstreamFetch = options.fetch ?? fetch;
  const allowedOperations = new Set<string>(options.operations ?? []);
  const bases = {
    inference: new URL(options.baseUrl).href.replace(/\/+$/, ''),
    platform: new URL(options.platformUrl).href.replace(/\/+$/, ''),
  };

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refusal(
        400,
        'malformed_request_target',
        `the request URL ${JSON.stringify(request.url)} is not a URL`,
      );
    }
    const badHost = hostRefusal(url, options.allowedHosts);
    if (badHost) return refusal(403, 'host_not_allowed', badHost, { param: 'Host' });
    const crossSite = crossSiteRefusal(request, url, allowedOrigins);
    if (crossSite) return refusal(403, 'cross_site_request', crossSite, { param: 'Origin' });
    const origin = request.headers.get('origin');
    const cors: Record<string, string> =
      origin && origin !== url.origin
        ? {
            'access-control-allow-origin': origin,
            'access-control-expose-headers': 'x-request-id, retry-after',
            vary: 'origin',
          }
        : {};
    if (request.method === 'OPTIONS' && origin) {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': 'GET, POST, PATCH',
          'access-control-allow-headers': 'content-type, accept',
          'access-control-max-age': '600',
        },
      });
    }

    const matched = matchApiRoute(request.method, url.pathname);
    if (matched.kind === 'unknown-path')
      return refusal(404, 'unknown_path', `No operation of the API at ${url.pathname}.`);
    if (matched.kind === 'method-not-allowed') {
      const allow = matched.allow.join(', ');
      return refusal(
        405,
        'method_not_allowed',
        `${request.method} ${url.pathname}: this path takes ${allow}.`,
        { headers: { allow } },
      );
    }
    if (matched.kind === 'bad-parameter')
      return refusal(400, 'invalid_path_parameter', matched.message, { param: matched.field });
    const { route, pathParams, specPath } = matched.match;
    if (route.stateChanging && !allowedOperations.has(route.operationId)) {
      return refusal(
        403,
        'operation_not_allowed',
        `${route.operationId} changes state or costs money and is not enabled on this route: list it in createApiRoute({ operations: ['${route.operationId}'] })`,
      );
    }
    if (options.authorize) {
      const verdict = await options.authorize(request);
      if (verdict instanceof Response) return verdict;
      if (verdict !== true)
        return refusal(401, 'not_authorized', 'The app did not authorize this request (authorize).');
    }

    let body: string | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (!isJsonMediaType(request.headers.get('content-type'))) {
        return refusal(
          415,
          'unsupported_media_type',
          `Content-Type: must be application/json (got ${JSON.stringify(request.headers.get('content-type') ?? 'none')}); send "Content-Type: application/json"`,
          { param: 'Content-Type' },
        );
      }
      body = await readCappedText(request, maxBodyBytes);
      if (body === undefined)
        return refusal(413, 'body_too_large', `body: must be at most ${maxBodyBytes} bytes (maxBodyBytes)`, {
          param: 'body',
        });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch (error) {
        return refusal(400, 'invalid_json', `body: must be valid JSON (${(error as Error).message})`, {
          param: 'body',
        });
      }
      // The spec's own rules, in the client's words: a refused value spends nothing upstream.
      const issues = validateRequest(route.operationId, { path: pathParams, body: parsed });
      if (issues.length > 0) {
        return refusal(400, 'invalid_request', issues.map((issue) => issue.message).join('; '), {
          param: issues[0]?.field ?? null,
        });
      }
    }

    const headers = new Headers({ authorization: `Bearer ${apiKey}` });
    for (const name of forwardedRequestHeaders) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const upstreamUrl = `${bases[route.surface]}${specPath}${url.search}`;
    let answer: Response;
    try {
      // The page going away (its request's signal) stops the upstream call too.
      answer = await upstreamFetch(upstreamUrl, {
        method: request.method,
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal.aborted)
        return refusal(499, 'client_closed_request', 'The page went away before the answer.');
      const reason = String(error instanceof Error ? error.message : error).replaceAll(apiKey, '[redacted]');
      return refusal(
        502,
        'upstream_unreachable',
        `The API route could not reach ${new URL(upstreamUrl).origin}: ${reason}`,
      );
    }
    const passed = new Headers(cors);
    for (const name of forwardedAnswerHeaders) {
      const value = answer.headers.get(name);
      if (value !== null) passed.set(name, value.replaceAll(apiKey, '[redacted]'));
    }
    return new Response(answer.body?.pipeThrough(keyRedactingStream(apiKey)) ?? null, {
      status: answer.status,
      statusText: answer.statusText.replaceAll(apiKey, '[redacted]'),
      headers: passed,
    });
  };
}
