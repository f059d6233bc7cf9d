#!/usr/bin/env node
// Serves the built playground (dist/) on 127.0.0.1. It talks to the mock of `pnpm start` (4010 and 4011) unless the
// page address says otherwise: http://127.0.0.1:4013/?baseUrl=...&platformUrl=...
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serveBuiltSite } from '@inference-infra/test-kit/serveBuiltSite';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4013' } } });

await serveBuiltSite({
  rootDir: fileURLToPath(new URL('../dist', import.meta.url)),
  port: values.port,
  title: 'Playground',
  missingMessage:
    'examples/playground/dist is missing: run `pnpm --filter @inference-infra/playground build` first.',
});
