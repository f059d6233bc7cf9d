#!/usr/bin/env node
// Serves the built playground (dist/) on 127.0.0.1. It talks to the mock of `pnpm start` (4010 and 4011) unless the
// page address says otherwise: http://127.0.0.1:4013/?baseUrl=...&platformUrl=...
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startStaticServer } from './staticServer.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4013' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535 (got "${values.port}")`);
  process.exit(2);
}

const rootDir = fileURLToPath(new URL('../dist', import.meta.url));
if (!existsSync(`${rootDir}/index.html`)) {
  console.error(
    'examples/playground/dist is missing: run `pnpm --filter @inference-infra/playground build` first.',
  );
  process.exit(1);
}

const server = await startStaticServer({ rootDir, port });
console.log(`Playground: ${server.url}`);

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
