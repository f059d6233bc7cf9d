// Plain JavaScript with JSDoc types: the `start` scripts that call it run under `node` without a TypeScript loader.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startStaticServer } from './staticServer.js';

/**
 * The body of a `start` script: serves a built site on 127.0.0.1 until SIGINT or SIGTERM. Exits with 2 when the
 * port is not one, and with 1 (one sentence, no stack) when the site is not built yet or the port is taken.
 * @param {object} options
 * @param {string} options.rootDir The built site: an absolute folder holding index.html.
 * @param {string} options.port The `--port` value as given on the command line; 0 picks a free port.
 * @param {string} options.title Printed before the address, e.g. `Playground`.
 * @param {string} options.missingMessage Printed when index.html is missing: which build to run first.
 * @param {import('./staticServer.js').RouteHandler} [options.route] Requests the site's server answers itself.
 * @returns {Promise<void>}
 */
export async function serveBuiltSite({ rootDir, port: portText, title, missingMessage, route }) {
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535 (got "${portText}")`);
    process.exit(2);
  }
  if (!existsSync(join(rootDir, 'index.html'))) {
    console.error(missingMessage);
    process.exit(1);
  }

  const server = await startStaticServer({ rootDir, port, ...(route ? { route } : {}) }).catch(
    (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error;
      const why = error.code === 'EADDRINUSE' ? 'is in use' : 'may not be listened on by this user';
      console.error(`${title}: port ${port} on 127.0.0.1 ${why}: choose another with --port N.`);
      process.exit(1);
    },
  );
  console.log(`${title}: ${server.url}`);

  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
  }
}
