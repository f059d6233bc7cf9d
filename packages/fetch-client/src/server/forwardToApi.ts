import { redactSecret } from '../internal/redactSecret.js';
import type { ApiRouteMatch } from './apiRouteMatch.js';
import { keyRedactingStream } from './keyRedactingStream.js';
import { refusal } from './refusal.js';

/** What a page may say about its request, passed on; everything else (its cookies, any Authorization) stays. */
const forwardedRequestHeaders = ['content-type', 'accept', 'x-simulate'];
/**
 * What the page may read of the answer: the spec's own headers (`X-Request-Id`, `Retry-After`), the `x-ratelimit-*`
 * ones the client's `withResponse()` reads, and how to cache. `WWW-Authenticate` stays: it is about the route's key,
 * not the page's.
 */
const forwardedAnswerHeaders = [
  'content-type',
  'cache-control',
  'x-request-id',
  'retry-after',
  'retry-after-ms',
  ...['limit', 'remaining', 'reset'].flatMap((what) => [
    `x-ratelimit-${what}-requests`,
    `x-ratelimit-${what}-tokens`,
  ]),
];

/** The forwarded headers a page of another allowed origin may read (the others are CORS-safelisted). */
export const exposedAnswerHeaders = forwardedAnswerHeaders
  .filter((name) => name !== 'content-type' && name !== 'cache-control')
  .join(', ');

export interface Upstream {
  apiKey: string;
  /** The base address of each surface, without a trailing slash. */
  bases: Record<ApiRouteMatch['route']['surface'], string>;
  fetch: typeof fetch;
}

/**
 * Sends a checked request on with the key and passes the answer back as it arrives, the key redacted from its status
 * text, headers and body. The page going away (its request's signal) stops the upstream call too.
 */
export async function forwardToApi(
  request: Request,
  target: { match: ApiRouteMatch; search: string; body: string | undefined },
  upstream: Upstream,
  answerHeaders: Record<string, string>,
): Promise<Response> {
  const { apiKey } = upstream;
  const headers = new Headers({ authorization: `Bearer ${apiKey}` });
  for (const name of forwardedRequestHeaders) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const { route, specPath } = target.match;
  const upstreamUrl = `${upstream.bases[route.surface]}${specPath}${target.search}`;
  let answer: Response;
  try {
    answer = await upstream.fetch(upstreamUrl, {
      method: request.method,
      headers,
      body: target.body,
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal.aborted)
      return refusal(499, 'client_closed_request', 'The page went away before the answer.');
    const reason = redactSecret(error instanceof Error ? error.message : String(error), apiKey);
    return refusal(
      502,
      'upstream_unreachable',
      `The API route could not reach ${new URL(upstreamUrl).origin}: ${reason}`,
    );
  }
  const passed = new Headers(answerHeaders);
  for (const name of forwardedAnswerHeaders) {
    const value = answer.headers.get(name);
    if (value !== null) passed.set(name, redactSecret(value, apiKey));
  }
  return new Response(answer.body?.pipeThrough(keyRedactingStream(apiKey)) ?? null, {
    status: answer.status,
    statusText: redactSecret(answer.statusText, apiKey),
    headers: passed,
  });
}
