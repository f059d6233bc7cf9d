/** The spec's error `type` of each status the route answers itself (ASSUMPTIONS.md `error-body-openai-shape`). */
function typeOf(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 404) return 'not_found_error';
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
  const body = { error: { message, type: typeOf(status), code, param: options.param ?? null, requestId } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...options.headers },
  });
}
