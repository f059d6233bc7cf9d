// lib/apiRoute.ts of a Next.js app. app/v1/[...path]/route.ts and app/api/[...path]/route.ts each hold one line,
// `export { GET, PATCH, POST } from '@/lib/apiRoute';`, so its pages' keyless client reaches it at /v1/... and /api/...
import { createApiRoute } from '@inference-infra/fetch-client/server';

const route = createApiRoute({
  apiKey: process.env.INFERENCE_INFRA_API_KEY ?? '',
  baseUrl: 'https://inference.example.com/v1',
  platformUrl: 'https://platform.example.com',
  operations: ['createChatCompletion'], // what the pages may spend; reads are always forwarded
  allowedHosts: ['app.example.com'], // the names the app is served under
});

export { route as GET, route as PATCH, route as POST };
