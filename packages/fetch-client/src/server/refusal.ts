import type { Refusal } from '@inference-infra/edge';
import type { components } from '@inference-infra/types';
import { statusByErrorType } from '../internal/errorStatus.gen.js';

type ErrorResponse = components['schemas']['ErrorResponse'];
type ErrorType = ErrorResponse['error']['type'];

/**
 * The spec's error `type` of a status the route answers itself: the one the spec pairs with it, else (403, 405, 413,
 * 415, 499, 502 have no type of their own) the class the status belongs to.
 */
function typeOf(status: number): ErrorType {
  const paired = Object.entries(statusByErrorType).find(([, typeStatus]) => typeStatus === status)?.[0];
  if (paired) return paired as ErrorType;
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

/**
 * An answer of the route itself, never the upstream's: the spec's error body, naming the rule and the field, with the
 * request id the route gave it, so an app's logs and the page agree.
 */
export function refusal(
  status: number,
  code: string,
  message: string,
  options: { param?: string | null; headers?: Record<string, string> } = {},
): Response {
  const requestId = `req_route_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const body: ErrorResponse = {
    error: { message, type: typeOf(status), code, param: options.param ?? null, requestId },
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...options.headers },
  });
}

/** An edge refusal (a path, a Host, an Origin, a body or an upstream call the door refused) as the route's answer. */
export const answerRefusal = (refused: Refusal): Response =>
  refusal(refused.status, refused.code, refused.message, {
    param: refused.param,
    ...(refused.headers ? { headers: refused.headers } : {}),
  });
