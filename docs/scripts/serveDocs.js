#!/usr/bin/env node
// Serves the built API reference (dist/) on 127.0.0.1. Run the build first.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveBuiltSite } from '@inference-infra/test-kit/serveBuiltSite';
import { siteArgs } from '@inference-infra/test-kit/siteArgs';
import { contentTypeOf } from '@inference-infra/test-kit/staticServer';
import { agentDocFiles } from '../src/agentDocs/agentDocFiles.js';
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
 * What the site makes from the built document, for the servers' defaults the command line gave: the document (its
 * code samples made for them) and the pages for AI tools (llms.txt, llms-full.txt, operations/<id>.md), whose samples
 * are the same. Made once, on the first request for one of them, when the site is known to exist.
 * @type {Map<string, string> | undefined}
 */
let pointedFiles;
const pointedFile = (/** @type {string} */ path) => {
  if (!pointedFiles) {
    const document = pointSiteAt(JSON.parse(readFileSync(`${rootDir}/openapi.json`, 'utf8')), addresses);
    pointedFiles = new Map([['openapi.json', JSON.stringify(document)], ...agentDocFiles(document)]);
  }
  return pointedFiles.get(path);
};
/** @type {import('@inference-infra/test-kit/staticServer').RouteHandler} */
const route = async (request, response) => {
  if (Object.keys(addresses).length === 0) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // The target as sent, up to its query: the static server has checked it is a path.
  const path = (request.url ?? '').split('?')[0]?.slice(1) ?? '';
  const text = pointedFile(path);
  if (text === undefined) return false;
  response.writeHead(200, {
    'content-type': contentTypeOf(path),
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : text);
  return true;
};

await serveBuiltSite({
  rootDir,
  port: values.port,
  title: 'API reference (docs site)',
  missingMessage: 'docs/dist/index.html is missing: run `pnpm --filter @inference-infra/docs build` first.',
  route,
});
