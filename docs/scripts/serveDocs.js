#!/usr/bin/env node
// Serves the built API reference (dist/) on 127.0.0.1. Run the build first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startStaticServer } from '../src/staticServer.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4012' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: node scripts/serveDocs.js [--port 4012]

Serves the API reference site (docs/dist) on 127.0.0.1. Port 0 picks a free port.`);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535 (got "${values.port}")`);
  process.exit(2);
}

const rootDir = fileURLToPath(new URL('../dist', import.meta.url));
if (!existsSync(`${rootDir}/index.html`)) {
  console.error('docs/dist/index.html is missing: run `pnpm --filter @inference-infra/docs build` first.');
  process.exit(1);
}

const server = await startStaticServer({ rootDir, port });
console.log(`API reference (docs site): ${server.url}`);

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
