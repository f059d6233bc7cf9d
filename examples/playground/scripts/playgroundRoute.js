// Plain JavaScript with JSDoc types: `node scripts/servePlayground.js` and the browser test import it as is.
import { createApiRoute, toNodeListener } from '@inference-infra/fetch-client/server';
import { routeOfListener } from '@inference-infra/test-kit/staticServer';
import { createPricingRoute, firstRouteThatAnswers } from './pricingRoute.js';

/**
 * Everything the playground's server answers besides its files: the server-rendered pricing page, and the API route
 * that adds the key to the page's keyless requests (`createApiRoute` of the fetch client). The route forwards what
 * the page's forms do (chat, images, embeddings, resize), only from the playground's own pages on loopback names.
 * @param {{ distDir: string, api: { baseUrl: string, platformUrl: string, apiKey: string }, render: (options: { signal: AbortSignal }) => Promise<{ markup: string, state: unknown }>, renderTimeoutMs?: number }} options
 *   `renderTimeoutMs`: how long the pricing page may take to render before a 504 page (default 15 s).
 * @returns {import('@inference-infra/test-kit/staticServer').RouteHandler}
 */
export function createPlaygroundRoute({ distDir, api, render, renderTimeoutMs }) {
  const apiRoute = createApiRoute({
    ...api,
    operations: ['createChatCompletion', 'generateImages', 'createEmbeddings', 'resizeVolume'],
  });
  return firstRouteThatAnswers([
    createPricingRoute({
      distDir,
      render,
      apiKey: api.apiKey,
      ...(renderTimeoutMs === undefined ? {} : { renderTimeoutMs }),
    }),
    routeOfListener(toNodeListener(apiRoute)),
  ]);
}
