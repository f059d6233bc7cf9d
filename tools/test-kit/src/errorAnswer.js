// Plain JavaScript with JSDoc types: the static server that imports it runs under `node` without a TypeScript loader.

/**
 * The API's error body (`ErrorResponse` of the spec: OpenAI's shape plus the request id) for an answer of the local
 * server itself, so that a page or a test reads every refusal of the servers `scripts/start.sh` runs the same way.
 * The kit depends on no workspace package, hence the shape written out here rather than imported from the types.
 * @param {number} status
 * @param {string} code
 * @param {string} message Says what was refused and why.
 * @param {string | null} [param] The header or field at fault.
 */
export function errorBody(status, code, message, param = null) {
  const type = status === 404 ? 'not_found_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  const requestId = `req_local_${Math.random().toString(16).slice(2, 14)}`;
  return JSON.stringify({ error: { message, type, code, param, requestId } });
}

/**
 * Answers with the error body, unless the answer has begun (then the socket is closed: a half-sent answer cannot be
 * taken back).
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} code
 * @param {string} message
 * @param {{ param?: string, headers?: Record<string, string> }} [options]
 */
export function answerError(response, status, code, message, options = {}) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = errorBody(status, code, message, options.param);
  response
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...options.headers,
    })
    .end(body);
}
