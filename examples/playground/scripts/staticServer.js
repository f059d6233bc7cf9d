import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** The types a Vite build of this page contains; anything else is served as bytes. */
const contentTypes = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
]);

/**
 * @typedef {object} StaticServer
 * @property {string} url The root address with a trailing slash, e.g. `http://127.0.0.1:4013/`.
 * @property {() => Promise<void>} close Stops the server, ending idle keep-alive connections too.
 */

/**
 * Maps a request target to a file under `rootDir`, or null when it would leave it.
 * @param {string} rootDir An absolute directory.
 * @param {string} requestUrl
 * @returns {string | null}
 */
function fileFor(rootDir, requestUrl) {
  let pathname;
  try {
    // Decoded before the containment check, so `%2e%2e/` cannot slip past it.
    pathname = decodeURIComponent(new URL(requestUrl, 'http://127.0.0.1').pathname);
  } catch {
    return null;
  }
  const filePath = resolve(join(rootDir, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
  return filePath.startsWith(rootDir + sep) ? filePath : null;
}

/**
 * Serves `rootDir` read-only on 127.0.0.1 only. Port 0 (the default) picks a free port.
 * @param {{ rootDir: string, port?: number }} options
 * @returns {Promise<StaticServer>}
 */
export function startStaticServer({ rootDir, port = 0 }) {
  const root = resolve(rootDir);
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const filePath = fileFor(root, request.url ?? '/');
    const fileStat = filePath ? await stat(filePath).catch(() => null) : null;
    if (!filePath || !fileStat?.isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    response.writeHead(200, {
      'content-type': contentTypes.get(extname(filePath)) ?? 'application/octet-stream',
      'content-length': fileStat.size,
      // Rebuilt in place by `vite build`; a cached index.html would point at assets that are gone.
      'cache-control': 'no-cache',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(filePath).pipe(response);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      resolvePromise({
        url: `http://127.0.0.1:${boundPort}/`,
        close: () =>
          new Promise((done) => {
            server.close(() => done(undefined));
            server.closeAllConnections();
          }),
      });
    });
  });
}
