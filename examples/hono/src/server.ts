// A Hono app on Node holding the API key: the API's own paths (/v1/..., /api/...) forwarded with the key for the
// app's pages, and GET /cheapest, an endpoint of the app's own that answers from the API.
import { serve } from '@hono/node-server';
import { APIError, createClient } from '@inference-infra/fetch-client';
import { createApiRoute } from '@inference-infra/fetch-client/server';
import { Hono } from 'hono';

// The local mock's addresses and demo key unless the environment names others.
const apiKey = process.env.INFERENCE_INFRA_API_KEY ?? 'ii_live_mock';
const baseUrl = process.env.INFERENCE_INFRA_BASE_URL ?? 'http://127.0.0.1:4010/v1';
const platformUrl = process.env.INFERENCE_INFRA_PLATFORM_URL ?? 'http://127.0.0.1:4011';

// Pages call this with a keyless client (`apiKey: null`, the app's origin as both base addresses). Reads are always
// forwarded; of the billable calls only chat is, so a page cannot spend on images or embeddings.
const route = createApiRoute({ apiKey, baseUrl, platformUrl, operations: ['createChatCompletion'] });
const client = createClient({ apiKey, baseUrl, platformUrl });

const app = new Hono();
app.all('/v1/*', (context) => route(context.req.raw));
app.all('/api/*', (context) => route(context.req.raw));

app.get('/cheapest', async (context) => {
  const gpuType = context.req.query('gpu_type') ?? 'H100';
  const { data, requestId } = await client.instances.listTypes({ gpu_type: gpuType });
  const cheapest = data[0];
  if (!cheapest) return context.json({ error: { message: `no ${gpuType} instance type is offered` } }, 404);
  return context.json({
    id: cheapest.id,
    gpu_type: cheapest.gpu_type,
    region: cheapest.region,
    hourly_rate: cheapest.hourly_rate,
    requestId,
  });
});

// An API failure keeps its status (a 429 stays a 429, a refused key a 401); the client's messages never hold the key.
app.onError((error) => {
  const status = error instanceof APIError ? error.status : 500;
  return Response.json({ error: { message: error.message } }, { status });
});

// Loopback only: the route's default Host rule admits loopback names, right for a server no other machine reaches.
const server = serve(
  { fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 3000) },
  (info) => {
    console.log(`listening on http://127.0.0.1:${info.port}/`);
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
