import type { ServerSpan } from '@inference-infra/edge';
import { callUpstream, isRefusal, type Redactor } from '@inference-infra/edge';
import { type AnswerBounds, answerBody } from './answerBody.js';
import type { ApiRouteMatch } from './apiRouteMatch.js';
import { answerRefusal } from './refusal.js';

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
  redactor: Redactor;
  /** How long the API may take to send its status and headers (`upstreamTimeoutMs`). */
  timeoutMs: number;
  answer: AnswerBounds;
}

/**
 * Sends a checked request on with the key and passes the answer back as it arrives, the key redacted from its status
 * text, headers and body, the body bounded (`answerBody`). Redirects are never followed (the request carries the key
 * and the page's body: 502), headers late past `timeoutMs` are a 504, and the page going away (its request's signal)
 * stops the upstream call too (499).
 */
export async function forwardToApi(
  request: Request,
  target: { match: ApiRouteMatch; search: string; body: string | undefined },
  upstream: Upstream,
  answerHeaders: Record<string, string>,
  span?: ServerSpan,
): Promise<Response> {
  const { redactor } = upstream;
  // `identity`: a compressed answer is inflated by fetch before the page gets it, so a small body could become a
  // huge one; asking for none keeps the bytes counted by maxAnswerBytes the bytes the upstream sent.
  const headers = new Headers({ authorization: `Bearer ${upstream.apiKey}`, 'accept-encoding': 'identity' });
  for (const name of forwardedRequestHeaders) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // The route's span is the upstream call's parent.
  span?.inject(headers);
  const { route, specPath } = target.match;
  const upstreamUrl = `${upstream.bases[route.surface]}${specPath}${target.search}`;
  const answer = await callUpstream(
    upstreamUrl,
    { method: request.method, headers, body: target.body, signal: request.signal },
    { fetch: upstream.fetch, timeoutMs: upstream.timeoutMs, timeoutOption: 'upstreamTimeoutMs', redactor },
  );
  if (isRefusal(answer)) {
    span?.end(answer.status, answer.code);
    return answerRefusal(answer);
  }
  span?.end(answer.status);
  const passed = new Headers(answerHeaders);
  for (const name of forwardedAnswerHeaders) {
    const value = answer.headers.get(name);
    if (value !== null) passed.set(name, redactor.redact(value));
  }
  return new Response(answer.body ? answerBody(answer.body, redactor, upstream.answer) : null, {
    status: answer.status,
    statusText: redactor.redact(answer.statusText),
    headers: passed,
  });
}
