// app/[...api]/route.ts of a Next.js app: its pages' keyless client sends /v1/... and /api/... to this route.
import { createApiRoute } from '@inference-infra/fetch-client/server';

const route = createApiRoute({
  apiKey: process.env.INFERENCE_INFRA_API_KEY ?? '',
  baseUrl: 'https://inference.example.com/v1',
  platformUrl: 'https://platform.example.com',
  operations: ['createChatCompletion'], // what the pages may spend; reads are always forwarded
  allowedHosts: ['app.example.com'], // the names the app is served under
});

export { route as GET, route as PATCH, route as POST };
