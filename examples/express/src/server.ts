// An Express 5 app holding the API key: the API's own paths (/v1/..., /api/...) forwarded with the key for the app's
// pages, and GET /cheapest, an endpoint of the app's own that answers from the API.
import { createClient } from '@inference-infra/fetch-client';
import {
  createApiRoute,
  createRouteGuard,
  toNodeListener,
  withoutRedirects,
} from '@inference-infra/fetch-client/server';
import express from 'express';

// The local mock's addresses and demo key unless the environment names others.
const apiKey = process.env.INFERENCE_INFRA_API_KEY ?? 'ii_live_mock';
const baseUrl = process.env.INFERENCE_INFRA_BASE_URL ?? 'http://127.0.0.1:4010/v1';
const platformUrl = process.env.INFERENCE_INFRA_PLATFORM_URL ?? 'http://127.0.0.1:4011';

const app = express();
// First, before any body parser: the route reads the page's body itself (its size, time and type limits), and passes
// every path that is not the API's to `next`. Reads are always forwarded; of the billable calls only chat is.
app.use(
  toNodeListener(createApiRoute({ apiKey, baseUrl, platformUrl, operations: ['createChatCompletion'] })),
);

// withoutRedirects: a 3xx of the API would resend the key where it points.
const client = createClient({ apiKey, baseUrl, platformUrl, fetch: withoutRedirects(fetch) });
// The route's door for the app's own endpoint: a foreign Host or page, a path read two ways are refused before a call
// is spent; past 10 s the visitor gets 504 and the signal stops the call; no form of the key leaves, errors included.
const guard = createRouteGuard({ apiKey, timeoutMs: 10_000 });
app.get(
  '/cheapest',
  toNodeListener(
    guard(async (request, { signal }) => {
      const gpuType = new URL(request.url).searchParams.get('gpu_type') ?? 'H100';
      const { data, requestId } = await client.instances.listTypes({ gpu_type: gpuType }, { signal });
      const cheapest = data[0];
      if (!cheapest)
        return Response.json(
          { error: { message: `no ${gpuType} instance type is offered` } },
          { status: 404 },
        );
      const { id, region, hourly_rate } = cheapest;
      return Response.json({ id, gpu_type: cheapest.gpu_type, region, hourly_rate, requestId });
    }),
  ),
);

// Loopback only: the route's default Host rule admits loopback names on connections that arrived on loopback.
const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' ? address?.port : address}/`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
