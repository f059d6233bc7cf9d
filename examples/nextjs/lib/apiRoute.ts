// The app's API route, on the server only: app/v1/[...path]/route.ts and app/api/[...path]/route.ts re-export it, so
// the page's keyless client reaches the API at /v1/... and /api/... of the app's own origin and this adds the key.
// The variables have no NEXT_PUBLIC_ prefix: Next.js never puts them in a page.
import { createApiRoute } from '@inference-infra/fetch-client/server';

const route = createApiRoute({
  apiKey: process.env.INFERENCE_INFRA_API_KEY ?? 'ii_live_mock',
  baseUrl: process.env.INFERENCE_INFRA_BASE_URL ?? 'http://127.0.0.1:4010/v1',
  platformUrl: process.env.INFERENCE_INFRA_PLATFORM_URL ?? 'http://127.0.0.1:4011',
  // Reads are always forwarded; of the billable calls, the pages may only chat.
  operations: ['createChatCompletion'],
  // `allowedHosts` defaults to loopback names: a deployment lists the names it is served under.
});

export { route as GET, route as PATCH, route as POST };
