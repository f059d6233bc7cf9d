// A Hono app (Node, Bun, Deno, Cloudflare Workers): the route takes Hono's web-standard request as it is.
import { createApiRoute } from '@inference-infra/fetch-client/server';
import { Hono } from 'hono';

const route = createApiRoute({
  apiKey: process.env.INFERENCE_INFRA_API_KEY ?? '',
  baseUrl: 'https://inference.example.com/v1',
  platformUrl: 'https://platform.example.com',
  operations: ['createChatCompletion', 'createEmbeddings'],
  allowedHosts: ['app.example.com'],
  // The app's own session: a request without one spends nothing.
  authorize: (request) => request.headers.get('cookie')?.includes('session=') ?? false,
});

export const app = new Hono();
app.all('/v1/*', (context) => route(context.req.raw));
app.all('/api/*', (context) => route(context.req.raw));
