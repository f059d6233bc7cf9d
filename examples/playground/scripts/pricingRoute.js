// Plain JavaScript with JSDoc types: `node scripts/servePlayground.js` and the browser test import it as is.
import { readFile } from 'node:fs/promises';
import { admitRequest, createRedactor, isRefusal } from '@inference-infra/edge';
import { requestFacts } from '@inference-infra/edge/node';
import { answerError } from '@inference-infra/test-kit/errorAnswer';

/** The pricing page's addresses: the built template is served only through this route, never raw. */
const pricingPaths = new Set(['/pricing', '/pricing.html']);

/**
 * How long the page may take to render (the upstream call with it), by default. A silent upstream held the visitor
 * for 182 s before: 15 s is more than a healthy upstream needs, and short enough that a person still waits for it.
 */
export const defaultRenderTimeoutMs = 15_000;

/**
 * JSON inside a `<script>` element: `<` escaped so no value (a model name, an error message) can close the element.
 * @param {unknown} value
 */
function scriptSafeJson(value) {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A page that says why there is no pricing page: it is a page a person opened, so it answers in HTML.
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} message Already redacted.
 */
function answerErrorPage(response, status, message) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const page = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Pricing unavailable</title><h1>Pricing unavailable</h1><p>${escapeHtml(message)}</p></html>`;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(page),
    'cache-control': 'no-store',
  });
  response.end(page);
}

/**
 * @typedef {object} PricingRouteOptions
 * @property {string} distDir The built site, holding the template `pricing.html`.
 * @property {(options: { signal: AbortSignal }) => Promise<{ markup: string, state: unknown }>} render The server
 *   build's `renderPricingPage`, bound to the API's addresses and key; `signal` aborts its upstream calls.
 * @property {string} apiKey The key the page is rendered with: nothing the page shows may hold it.
 * @property {number} [renderTimeoutMs] How long the render may take before the visitor gets a 504 page
 *   (default `defaultRenderTimeoutMs`).
 */

/**
 * The server-rendered pricing page: each request renders the page on the server (with the key, which stays there)
 * into the built template `dist/pricing.html`, with the dehydrated cache the browser hydrates from. A render spends
 * an upstream call with the key, so only the playground's own pages and the visitor's own navigation get one: a page
 * of another site (an `<img>`, a form, a fetch) is refused, as the API route refuses it. What the page shows is
 * redacted (an upstream that echoes the key would otherwise have it rendered), and a render that takes longer than
 * `renderTimeoutMs` is abandoned with a 504 page.
 * @param {PricingRouteOptions} options
 * @returns {import('@inference-infra/test-kit/staticServer').RouteHandler}
 */
export function createPricingRoute({ distDir, render, apiKey, renderTimeoutMs = defaultRenderTimeoutMs }) {
  const redactor = createRedactor(apiKey);
  return async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://playground.local');
    if (request.method !== 'GET' || !pricingPaths.has(pathname)) return false;
    // The edge's door, as every server of ours: the static server in front has applied its target and Host rules
    // already, so what is left to refuse here is a page of another site.
    const admitted = admitRequest(requestFacts(request), {
      host: { option: 'a local server answers loopback names only' },
      origin: {
        selfOrigin: `http://${request.headers.host}`,
        option: 'the pricing page is rendered for the playground and its visitors only',
      },
    });
    if (isRefusal(admitted)) {
      answerError(response, admitted.status, admitted.code, admitted.message, {
        ...(admitted.param ? { param: admitted.param } : {}),
      });
      return true;
    }
    const abort = new AbortController();
    // A visitor who leaves stops the render's upstream call too.
    response.once('close', () => abort.abort());
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(() => resolve('late'), renderTimeoutMs);
    });
    /** @type {[string, { markup: string, state: unknown }] | 'late'} */
    let rendered;
    try {
      rendered = /** @type {typeof rendered} */ (
        await Promise.race([
          Promise.all([readFile(`${distDir}/pricing.html`, 'utf8'), render({ signal: abort.signal })]),
          late,
        ])
      );
    } catch (error) {
      const reason = redactor.excerpt(error instanceof Error ? error.message : String(error), 300);
      answerErrorPage(response, 502, `The pricing page could not be rendered: ${reason}`);
      return true;
    } finally {
      clearTimeout(timer);
    }
    if (rendered === 'late') {
      abort.abort(new Error(`the pricing page took longer than ${renderTimeoutMs} ms`));
      answerErrorPage(
        response,
        504,
        `The pricing service did not answer within ${renderTimeoutMs / 1000} s. Try again in a moment.`,
      );
      return true;
    }
    const [template, { markup, state }] = rendered;
    const page = template
      .replace('<!--pricing-markup-->', markup)
      .replace('<!--pricing-state-->', scriptSafeJson(state));
    // Rendered per request with the visitor's data: never cached by the browser or a proxy.
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(redactor.redact(page));
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
