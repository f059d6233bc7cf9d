#!/usr/bin/env node
// Serves the built API reference (dist/) on 127.0.0.1. Run the build first.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveBuiltSite } from '@inference-infra/test-kit/serveBuiltSite';
import { siteArgs } from '@inference-infra/test-kit/siteArgs';
import { pointSiteAt } from '../src/pointSiteAt.js';

const usage = `Usage: node scripts/serveDocs.js [--port 4012] [--base-url URL] [--platform-url URL]

Serves the API reference site (docs/dist) on 127.0.0.1. Port 0 picks a free port. The console sends its requests to
the spec's default servers (the mock of scripts/start.sh, 4010 and 4011); --base-url and --platform-url make it
start with other addresses (a mock on other ports), and the code samples name them.`;

const values = siteArgs({
  options: {
    port: { type: 'string', default: '4012' },
    'base-url': { type: 'string' },
    'platform-url': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  urlFlags: ['base-url', 'platform-url'],
  usage,
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const rootDir = fileURLToPath(new URL('../dist', import.meta.url));
const addresses = {
  ...(values['base-url'] ? { base_url: values['base-url'] } : {}),
  ...(values['platform-url'] ? { platform_url: values['platform-url'] } : {}),
};
/**
 * The built document with the servers' defaults the command line gave, and its code samples made for them, read once
 * the site is known to exist.
 */
let document;
/** @type {import('@inference-infra/test-kit/staticServer').RouteHandler} */
const route = async (request, response) => {
  if (Object.keys(addresses).length === 0 || request.method !== 'GET') return false;
  // The target as sent, up to its query: the static server has checked it is a path.
  if ((request.url ?? '').split('?')[0] !== '/openapi.json') return false;
  document ??= JSON.stringify(
    pointSiteAt(JSON.parse(readFileSync(`${rootDir}/openapi.json`, 'utf8')), addresses),
  );
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(document);
  return true;
};

await serveBuiltSite({
  rootDir,
  port: values.port,
  title: 'API reference (docs site)',
  missingMessage: 'docs/dist/index.html is missing: run `pnpm --filter @inference-infra/docs build` first.',
  route,
});
