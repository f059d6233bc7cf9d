import { createRedactor, isRefusal } from '@inference-infra/edge';
import { telemetryWanted } from '../internal/telemetry/loadTelemetry.js';
import { apiMethods, matchApiRoute } from './apiRouteMatch.js';
import type { ApiRouteOptions } from './apiRouteOptions.js';
import { checkedBody, ruleRefusal } from './checkedBody.js';
import { exposedAnswerHeaders, forwardToApi, type Upstream } from './forwardToApi.js';
import { answerRefusal, refusal } from './refusal.js';
import { admitWebRequest } from './requestDoor.js';

export type { ApiRouteOptions, StateChangingOperationId } from './apiRouteOptions.js';

/**
 * The server half of a page that holds no key, as a web-standard handler: `(request: Request) => Promise<Response>`
 * (Next.js route handlers, Hono, Cloudflare Workers, Deno and Bun take it as it is; `toNodeListener` adapts it to
 * `node:http` and Express). The page's keyless client sends `/v1/...` and `/api/...` to its own origin; the route
 * forwards only the spec's operations, from the app's own pages, checked before anything is sent, adds the key, and
 * streams the answer back with the key never in it. It never rejects: whatever goes wrong is an answer.
 */
export function createApiRoute(options: ApiRouteOptions): (request: Request) => Promise<Response> {
  const { apiKey, allowedOrigins = [] } = options;
  if (typeof apiKey !== 'string' || apiKey === '')
    throw new TypeError('createApiRoute: apiKey must be a non-empty string');
  const maxBodyBytes = bound('maxBodyBytes', options.maxBodyBytes, 1024 * 1024, 0);
  const bodyTimeoutMs = bound('bodyTimeoutMs', options.bodyTimeoutMs, 30_000);
  const allowedOperations = new Set<string>(options.operations ?? []);
  const redactor = createRedactor(apiKey);
  const upstream: Upstream = {
    apiKey,
    fetch: options.fetch ?? fetch,
    bases: {
      inference: new URL(options.baseUrl).href.replace(/\/+$/, ''),
      platform: new URL(options.platformUrl).href.replace(/\/+$/, ''),
    },
    redactor,
    timeoutMs: bound('upstreamTimeoutMs', options.upstreamTimeoutMs, 120_000),
    answer: {
      maxBytes: bound('maxAnswerBytes', options.maxAnswerBytes, 64 * 1024 * 1024),
      idleTimeoutMs: bound('answerIdleTimeoutMs', options.answerIdleTimeoutMs, 120_000),
      timeoutMs: bound('answerTimeoutMs', options.answerTimeoutMs, 600_000),
    },
  };

  async function handle(request: Request): Promise<Response> {
    // The target as the runtime handed it over, every Host and the page's Origin: the door every server half of the
    // app shares (createRouteGuard's too).
    const admitted = admitWebRequest(request, {
      allowedHosts: options.allowedHosts,
      allowedOrigins,
      owner: 'createApiRoute',
    });
    if (isRefusal(admitted)) return answerRefusal(admitted);
    const { url, selfOrigin, origin } = admitted;
    // Past the check above, an Origin is the route's own or one the app allows: only those get CORS headers.
    const cors: Record<string, string> =
      origin && origin !== selfOrigin
        ? {
            'access-control-allow-origin': origin,
            'access-control-expose-headers': exposedAnswerHeaders,
            vary: 'origin',
          }
        : {};
    if (request.method === 'OPTIONS' && origin) {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': apiMethods.join(', '),
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
      const message = `${request.method} ${url.pathname}: this path takes ${allow}.`;
      return refusal(405, 'method_not_allowed', message, { headers: { allow } });
    }
    if (matched.kind === 'bad-parameter')
      return refusal(400, 'invalid_path_parameter', matched.message, { param: matched.field });
    const { match } = matched;
    const { operationId } = match.route;
    if (match.route.stateChanging && !allowedOperations.has(operationId)) {
      const message = `${operationId} changes state or costs money and is not enabled on this route: list it in createApiRoute({ operations: ['${operationId}'] })`;
      return refusal(403, 'operation_not_allowed', message);
    }
    if (options.authorize) {
      const verdict = await options.authorize(request);
      if (verdict instanceof Response) return verdict;
      if (verdict !== true)
        return refusal(401, 'not_authorized', 'The app did not authorize this request (authorize).');
    }

    let body: string | undefined;
    if (request.method === 'GET' || request.method === 'HEAD') {
      const refused = ruleRefusal(match, undefined);
      if (refused) return refused;
    } else {
      const checked = await checkedBody(request, match, { maxBytes: maxBodyBytes, timeoutMs: bodyTimeoutMs });
      if ('refused' in checked) return checked.refused;
      body = checked.text;
    }
    // The span code loads with the first request somebody listens to: a route nobody traces never loads it.
    const span = telemetryWanted(options.telemetry)
      ? (await import('@inference-infra/edge/otel')).startServerSpan(
          options.telemetry,
          '@inference-infra/fetch-client/server',
          `${request.method} ${match.template}`,
          request.headers,
          {
            'http.request.method': request.method,
            'http.route': match.template,
            'url.path': url.pathname,
            'inference_infra.operation_id': operationId,
          },
        )
      : undefined;
    return forwardToApi(request, { match, search: url.search, body }, upstream, cors, span);
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      // The app's authorize hook threw, or the runtime did: an answer naming it, the key redacted from it.
      const reason = redactor.redact(error instanceof Error ? error.message : String(error));
      return refusal(500, 'route_failure', `The API route failed: ${reason}`);
    }
  };
}

/** A whole number option at least `least` (1 for time: a bound of 0 would refuse everything), or its default. */
function bound(name: string, value: number | undefined, fallback: number, least = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < least)
    throw new TypeError(`createApiRoute: ${name} must be a whole number of at least ${least} (got ${value})`);
  return value;
}
