import { fileURLToPath } from 'node:url';
import { gzippedBundleSize } from '@inference-infra/test-kit/bundleSize';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The server entry's size, as an edge runtime (Workers, Vercel's edge) bundles a route that uses it. Its own code is
 * ~3.7 kB; the rest is the spec's request validators (zod mini), the price of refusing bad input before it is sent.
 * It is a separate entry so that the client's entries, held to their budgets in ../bundleSize.test.ts, pay nothing.
 * `node:stream` (used only by toNodeListener, which edge code does not call) is the runtime's.
 * Issue 35 (the door is the edge module's, shared with every server and CLI) took it from ~13.8 kB to ~17.6 kB
 * (18028 B): the key redactor that catches every form of the key and every 8-character run of its secret (~2.2 kB
 * alone), the path rule for every encoding, Host and Origin policies, capped reads and bounded streams. A route
 * runs on a server, where these bytes buy a redaction that no longer lets a key less one character through.
 * Issue 37 (each forwarded request a span continuing the page's trace) added ~400 B (19013 B) of lookup and loading;
 * the span code itself is behind a dynamic import that only a route somebody traces loads. Budget 18.5 -> 18.7 kB.
 * Issue 45 (the redactor reads the text as a consumer decodes it: mixed JSON `\u` escapes, percent-encoding applied
 * twice, HTML entities) added ~900 B (19918 B): the decoder and the map back to the original text. Budget -> 19.6 kB.
 * Issue 45 again (the door shared with createRouteGuard judges the authority of an absolute-form target, which
 * @hono/node-server writes into `request.url`, like a Host) added ~310 B (20229 B); the guard itself is not in a route's
 * bundle. Budget -> 19.8 kB.
 * Issue 50 (one door for every server: the edge's `admitRequest` composes target, Host, target authority and Origin
 * in one order, with the options the other servers need: open paths, HTTP/1.0 without Host, Sec-Fetch-Site on
 * state-changing methods only) added ~280 B (20511 B): the composition and the facts the route hands it. Measured
 * with the door cut to the route's needs alone it was still ~150 B. Budget -> 20.1 kB.
 */
const budget = 20.1 * 1024;

describe('bundle size of @inference-infra/fetch-client/server', () => {
  it(`stays within ${budget} bytes min+gz for a route`, async () => {
    const source = `import { createApiRoute } from '@inference-infra/fetch-client/server';
export default { fetch: createApiRoute({ apiKey: 'ii_live_x', baseUrl: 'https://a.test/v1', platformUrl: 'https://b.test' }) };`;
    const size = await gzippedBundleSize(source, {
      resolveDir: packageDir,
      external: ['node:*', 'stream', 'stream/promises'],
    });
    console.log(`@inference-infra/fetch-client/server: ${size} bytes min+gz (budget ${budget})`);
    expect(size).toBeLessThanOrEqual(budget);
  });
});
