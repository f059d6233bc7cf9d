#!/usr/bin/env node
// Serves the built playground (dist/) on 127.0.0.1, with its own API route that holds the key: the page talks only to
// this server, which passes its requests on to the mock of `pnpm start` (4010 and 4011) or to the addresses given.
//   node scripts/servePlayground.js [--port 4013] [--base-url http://127.0.0.1:4010/v1] [--platform-url http://127.0.0.1:4011]
// The key comes from INFERENCE_INFRA_API_KEY (the mock accepts the default, ii_live_mock).
import { fileURLToPath } from 'node:url';
import { serveBuiltSite } from '@inference-infra/test-kit/serveBuiltSite';
import { siteArgs } from '@inference-infra/test-kit/siteArgs';
import { createPlaygroundRoute } from './playgroundRoute.js';

const values = siteArgs({
  options: {
    port: { type: 'string', default: '4013' },
    'base-url': {
      type: 'string',
      default: process.env.INFERENCE_INFRA_BASE_URL ?? 'http://127.0.0.1:4010/v1',
    },
    'platform-url': {
      type: 'string',
      default: process.env.INFERENCE_INFRA_PLATFORM_URL ?? 'http://127.0.0.1:4011',
    },
  },
  urlFlags: ['base-url', 'platform-url'],
  usage:
    "Usage: node scripts/servePlayground.js [--port 4013] [--base-url URL] [--platform-url URL]\n(the key from INFERENCE_INFRA_API_KEY; default ii_live_mock, the mock's)",
});

const api = {
  baseUrl: values['base-url'],
  platformUrl: values['platform-url'],
  apiKey: process.env.INFERENCE_INFRA_API_KEY ?? 'ii_live_mock',
};
const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const missingMessage =
  'examples/playground/dist is missing: run `pnpm --filter @inference-infra/playground build` first.';
// The server half of the pricing page, from the same build (vite's SSR output).
const serverEntry = new URL('../dist-server/renderPricingPage.js', import.meta.url).href;
/** @type {typeof import('../src/pricing/renderPricingPage.js')} */
const { renderPricingPage } = await import(serverEntry).catch(() => {
  // One sentence, like serveBuiltSite's for a missing dist/, not a stack.
  console.error(missingMessage.replace('dist is', 'dist-server is'));
  process.exit(1);
});

await serveBuiltSite({
  rootDir: distDir,
  port: values.port,
  title: 'Playground',
  missingMessage,
  route: createPlaygroundRoute({ distDir, api, render: ({ signal }) => renderPricingPage(api, { signal }) }),
});
