import { createApiRoute, toNodeListener } from '@inference-infra/fetch-client/server';
import { defineConfig, type Plugin } from 'vite';

/**
 * The fetch client's API route as middleware of Vite's dev server and of `vite preview`: the page's keyless client
 * calls `/v1/...` and `/api/...` on the page's own origin, and this Node process adds the key. The key is read here,
 * in Node, from a variable without Vite's `VITE_` prefix, so no build ever puts it in the page.
 */
function inferenceInfraApiRoute(): Plugin {
  const route = () =>
    toNodeListener(
      createApiRoute({
        apiKey: process.env.INFERENCE_INFRA_API_KEY ?? 'ii_live_mock',
        baseUrl: process.env.INFERENCE_INFRA_BASE_URL ?? 'http://127.0.0.1:4010/v1',
        platformUrl: process.env.INFERENCE_INFRA_PLATFORM_URL ?? 'http://127.0.0.1:4011',
        // Reads are always forwarded; of the billable calls, the page may only chat.
        operations: ['createChatCompletion'],
      }),
    );
  return {
    name: 'inference-infra-api-route',
    // Added before Vite's own middleware: the API's paths never reach the dev server's file handling.
    configureServer: (server) => void server.middlewares.use(route()),
    configurePreviewServer: (server) => void server.middlewares.use(route()),
  };
}

// Loopback only: the route's default Host rule admits loopback names, on connections that arrived on loopback.
const port = process.env.PORT ? Number(process.env.PORT) : undefined;
export default defineConfig({
  // No Angular plugin: the page compiles its components just in time (src/main.ts imports @angular/compiler first).
  plugins: [inferenceInfraApiRoute()],
  server: { host: '127.0.0.1', port: port ?? 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: port ?? 4173, strictPort: true },
  // Angular's compiler ships in the page (just in time): 1.1 MB, 340 kB gzipped, over Vite's 500 kB warning.
  build: { chunkSizeWarningLimit: 1500 },
});
