// A Hono app on Node holding the API key: the API's own paths (/v1/..., /api/...) forwarded with the key for the
// app's pages, and GET /cheapest, an endpoint of the app's own that answers from the API.
import { serve } from '@hono/node-server';
import { createClient } from '@inference-infra/fetch-client';
import { createApiRoute, createRouteGuard, withoutRedirects } from '@inference-infra/fetch-client/server';
import { Hono } from 'hono';

// The local mock's addresses and demo key unless the environment names others.
const apiKey = process.env.INFERENCE_INFRA_API_KEY ?? 'ii_live_mock';
const baseUrl = process.env.INFERENCE_INFRA_BASE_URL ?? 'http://127.0.0.1:4010/v1';
const platformUrl = process.env.INFERENCE_INFRA_PLATFORM_URL ?? 'http://127.0.0.1:4011';

// Pages call this with a keyless client (`apiKey: null`, the app's origin as both base addresses). Reads are always
// forwarded; of the billable calls only chat is, so a page cannot spend on images or embeddings.
const route = createApiRoute({ apiKey, baseUrl, platformUrl, operations: ['createChatCompletion'] });
// withoutRedirects: a 3xx of the API would resend the key where it points.
const client = createClient({ apiKey, baseUrl, platformUrl, fetch: withoutRedirects(fetch) });

const app = new Hono();
app.all('/v1/*', (context) => route(context.req.raw));
app.all('/api/*', (context) => route(context.req.raw));

// The route's door for the app's own endpoint: a foreign Host or page, a path read two ways are refused before a call
// is spent; past 10 s the visitor gets 504 and the signal stops the call; no form of the key leaves, errors included.
const guard = createRouteGuard({ apiKey, timeoutMs: 10_000 });
const cheapest = guard(async (request, { signal }) => {
  const gpuType = new URL(request.url).searchParams.get('gpu_type') ?? 'H100';
  const { data, requestId } = await client.instances.listTypes({ gpu_type: gpuType }, { signal });
  const first = data[0];
  if (!first)
    return Response.json({ error: { message: `no ${gpuType} instance type is offered` } }, { status: 404 });
  const { id, gpu_type, region, hourly_rate } = first;
  return Response.json({ id, gpu_type, region, hourly_rate, requestId });
});
app.get('/cheapest', (context) => cheapest(context.req.raw));

// Loopback only: the route's default Host rule admits loopback names, right for a server no other machine reaches.
const server = serve(
  { fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 3000) },
  (info) => {
    console.log(`listening on http://127.0.0.1:${info.port}/`);
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
