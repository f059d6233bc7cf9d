// Plain JavaScript with JSDoc types: the playground's `start` script (plain `node`) imports it as is.
import { Readable } from 'node:stream';

/** Request headers passed on to the API: what a client sends about its body and what it accepts. */
const forwardedRequestHeaders = ['content-type', 'accept', 'x-simulate'];
/** Answer headers passed back to the page. */
const forwardedAnswerHeaders = ['content-type', 'x-request-id', 'retry-after', 'www-authenticate'];

/**
 * An app's own API route, the server half of a page that holds no key: the page sends keyless requests to its own
 * origin (`/v1/...` for inference, `/api/...` for the platform: a keyless client whose `baseUrl` is the origin plus
 * `/v1` and whose `platformUrl` is the origin), and this server adds the key and passes them on. The key never reaches
 * the browser, which is how an app should hold one (see the fetch-client README, "Keys stay out of browsers"). The
 * playground's server and the docs' React hook sample tests put it in front of the mock.
 * @param {{ baseUrl: string, platformUrl: string, apiKey: string }} options `baseUrl` with `/v1`, `platformUrl` without `/api/v1`.
 * @returns {import('./staticServer.js').RouteHandler}
 */
export function createApiRoute({ baseUrl, platformUrl, apiKey }) {
  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://app.local');
    const upstream = url.pathname.startsWith('/v1/')
      ? `${baseUrl.replace(/\/v1\/?$/, '')}${url.pathname}${url.search}`
      : url.pathname.startsWith('/api/')
        ? `${platformUrl.replace(/\/+$/, '')}${url.pathname}${url.search}`
        : undefined;
    if (!upstream) return false;
    // Only the key of this server: whatever Authorization a page sent is not passed on.
    const headers = new Headers({ authorization: `Bearer ${apiKey}` });
    for (const name of forwardedRequestHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    // Request bodies here are small JSON documents: read whole, then sent on.
    const chunks = [];
    if (hasBody) for await (const chunk of request) chunks.push(chunk);
    const abort = new AbortController();
    // A page that stops reading (an aborted stream) stops the upstream call too.
    response.once('close', () => abort.abort());
    try {
      const answer = await fetch(upstream, {
        method: request.method,
        headers,
        ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
        signal: abort.signal,
      });
      /** @type {Record<string, string>} */
      const passed = {};
      for (const name of forwardedAnswerHeaders) {
        const value = answer.headers.get(name);
        if (value !== null) passed[name] = value;
      }
      response.writeHead(answer.status, passed);
      // Streamed as it arrives, so a chat's events reach the page one by one.
      if (answer.body)
        Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream} */ (answer.body)).pipe(
          response,
        );
      else response.end();
    } catch (error) {
      if (!response.headersSent) {
        const message = `The API route could not reach ${new URL(upstream).origin}: ${String(error)}`;
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: { message, type: 'server_error', code: 'upstream_unreachable', param: null },
          }),
        );
      } else response.destroy();
    }
    return true;
  };
}
