// Plain JavaScript with JSDoc types: `node scripts/serveDocs.js` and `node scripts/servePlayground.js` import it
// without a TypeScript loader.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, resolve } from 'node:path';
import { admitRequest, isRefusal } from '@inference-infra/edge';
import { drainUnread, requestFacts, staticFileFor } from '@inference-infra/edge/node';
import { answerError, errorBody } from './errorAnswer.js';

/** The few types a built docs site or Vite build contains; anything else is served as bytes. */
const contentTypes = new Map([
  ['.html', 'text/html; charset=utf-8'],
  // The docs' pages for AI tools: llms.txt, llms-full.txt and operations/<id>.md (text/markdown is RFC 7763's).
  ['.md', 'text/markdown; charset=utf-8'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.ico', 'image/x-icon'],
]);

/**
 * The content type the site's files of that name are served with, so a route that answers one of them itself says
 * the same.
 * @param {string} path
 */
export function contentTypeOf(path) {
  return contentTypes.get(extname(path)) ?? 'application/octet-stream';
}

/**
 * @typedef {object} StaticServer
 * @property {string} url The root address, with a trailing slash, e.g. `http://127.0.0.1:4012/`.
 * @property {number} port
 * @property {() => Promise<void>} close Stops the server, ending open keep-alive connections too.
 */

/**
 * Timeouts for a server on the developer's own machine: a request's headers within 10 s and its body within 30 s
 * (Node's defaults, 60 s and 300 s, keep a stalled upload's socket for minutes), checked every 5 s. Answers, streams
 * included, are not limited by them.
 */
export const localServerOptions = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 5_000,
};

/**
 * A connect-style listener (`(req, res, next) => void`, as Express middleware and `toNodeListener` of
 * `@inference-infra/fetch-client/server` are) as a route: it answers, or calls `next` to let the files answer.
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void} listener
 * @returns {RouteHandler}
 */
export function routeOfListener(listener) {
  return (request, response) =>
    new Promise((answered) => {
      response.once('close', () => answered(true));
      listener(request, response, () => answered(false));
    });
}

/** The status and code of what Node's parser refuses: headers too large or too slow, or a request it cannot read. */
const parserRefusals = /** @type {Record<string, [number, string, string]>} */ ({
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'headers_too_large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'request_timeout'],
});

/**
 * Answers what Node's parser refused (a malformed request line or header, a request too slow) with the error body,
 * and closes that one socket; the server goes on.
 * @param {NodeJS.ErrnoException} error
 * @param {import('node:stream').Duplex} socket
 */
function answerUnparsed(error, socket) {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, code] = parserRefusals[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'malformed_request',
  ];
  const body = errorBody(status, code, `The request could not be read (${error.code ?? error.message})`);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Answers a request the site's own server handles itself (an API route), or returns false to let the files answer.
 * @typedef {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<boolean>} RouteHandler
 */

/**
 * Serves the files of `rootDir` read-only on 127.0.0.1 only: a built site is for the local machine. `route`, when
 * given, sees every request first (the playground's key-holding API route).
 * @param {{ rootDir: string, port?: number, route?: RouteHandler }} options Port 0 (the default) picks a free port.
 * @returns {Promise<StaticServer>}
 */
export function startStaticServer({ rootDir, port = 0, route }) {
  const root = resolve(rootDir);
  const server = createServer(localServerOptions, async (request, response) => {
    // A client that goes away mid-body is an error of its request, never an ended process. Nothing else is done with
    // it: destroying the answer on it (as before) cut a route's 413 off while the client was still sending, and the
    // client saw a reset instead. The answer of a client that is gone goes nowhere by itself.
    request.on('error', () => undefined);
    try {
      await serveRequest(request, response);
    } catch (error) {
      answerError(response, 500, 'server_failure', `The local server failed: ${String(error)}`);
    }
    // What is left of a body nobody read (a route's refusal, a 405) is taken off the socket and dropped, bounded, so
    // a client still sending reads the answer instead of a reset.
    drainUnread(request);
  });
  server.on('clientError', (error, socket) =>
    answerUnparsed(/** @type {NodeJS.ErrnoException} */ (error), socket),
  );

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  async function serveRequest(request, response) {
    // The edge's door, as every server of ours: one path rule (no `\\`, dot segments or `//` in any spelling), and one
    // loopback Host, the authority of an absolute-form target judged alike (against DNS rebinding: a site whose name
    // resolves to 127.0.0.1 sends its own name). Any page may show the files: no Origin rule.
    const admitted = admitRequest(requestFacts(request), {
      host: { option: 'a local server answers loopback names only' },
    });
    if (isRefusal(admitted)) {
      answerError(response, admitted.status, admitted.code, admitted.message, {
        ...(admitted.param ? { param: admitted.param } : {}),
      });
      return;
    }
    if (route && (await route(request, response))) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const message = `${request.method}: the files of this site take GET and HEAD`;
      answerError(response, 405, 'method_not_allowed', message, { headers: { allow: 'GET, HEAD' } });
      return;
    }
    // By its real path inside the real root: a symlink in the folder cannot hand out a file outside it.
    const pathname = (request.url ?? '/').split(/[?#]/)[0] ?? '/';
    const filePath = await staticFileFor(root, pathname);
    const fileStat = filePath ? await stat(filePath).catch(() => null) : null;
    if (!filePath || !fileStat?.isFile()) {
      answerError(response, 404, 'not_found', `No file of this site at ${request.url}`);
      return;
    }
    response.writeHead(200, {
      'content-type': contentTypeOf(filePath),
      'content-length': fileStat.size,
      // Sites are rebuilt in place; a cached index.html would hide the rebuild or point at assets that are gone.
      'cache-control': 'no-cache',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(filePath)
      .on('error', () => response.destroy())
      .pipe(response);
  }

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      resolvePromise({
        url: `http://127.0.0.1:${boundPort}/`,
        port: boundPort,
        close: () =>
          new Promise((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // A browser keeps idle connections open; without this, close would wait for them to time out.
            server.closeAllConnections();
          }),
      });
    });
  });
}
