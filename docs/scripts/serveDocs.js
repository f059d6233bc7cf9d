#!/usr/bin/env node
// Serves the built API reference (dist/) on 127.0.0.1. Run the build first.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serveBuiltSite } from '@inference-infra/test-kit/serveBuiltSite';

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

await serveBuiltSite({
  rootDir: fileURLToPath(new URL('../dist', import.meta.url)),
  port: values.port,
  title: 'API reference (docs site)',
  missingMessage: 'docs/dist/index.html is missing: run `pnpm --filter @inference-infra/docs build` first.',
});
