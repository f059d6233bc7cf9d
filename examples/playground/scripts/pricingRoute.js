// Plain JavaScript with JSDoc types: `node scripts/servePlayground.js` and the browser test import it as is.
import { readFile } from 'node:fs/promises';

/** The pricing page's addresses: the built template is served only through this route, never raw. */
const pricingPaths = new Set(['/pricing', '/pricing.html']);

/**
 * JSON inside a `<script>` element: `<` escaped so no value (a model name, an error message) can close the element.
 * @param {unknown} value
 */
function scriptSafeJson(value) {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * The server-rendered pricing page: each request renders the page on the server (with the key, which stays there)
 * into the built template `dist/pricing.html`, with the dehydrated cache the browser hydrates from.
 * @param {{ distDir: string, render: () => Promise<{ markup: string, state: unknown }> }} options `render` is the
 *   server build's `renderPricingPage`, bound to the API's addresses and key.
 * @returns {import('@inference-infra/test-kit/staticServer').RouteHandler}
 */
export function createPricingRoute({ distDir, render }) {
  return async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://playground.local');
    if (request.method !== 'GET' || !pricingPaths.has(pathname)) return false;
    const [template, { markup, state }] = await Promise.all([
      readFile(`${distDir}/pricing.html`, 'utf8'),
      render(),
    ]);
    const page = template
      .replace('<!--pricing-markup-->', markup)
      .replace('<!--pricing-state-->', scriptSafeJson(state));
    // Rendered per request with the visitor's data: never cached by the browser or a proxy.
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page);
    return true;
  };
}

/**
 * The first of `routes` that answers a request answers it.
 * @param {import('@inference-infra/test-kit/staticServer').RouteHandler[]} routes
 * @returns {import('@inference-infra/test-kit/staticServer').RouteHandler}
 */
export function firstRouteThatAnswers(routes) {
  return async (request, response) => {
    for (const route of routes) if (await route(request, response)) return true;
    return false;
  };
}
