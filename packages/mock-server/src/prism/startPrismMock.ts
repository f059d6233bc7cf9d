import { addresses, closeServer, listenOnBoth } from '../loopbackServers.js';
import type { MockServer, MockServerOptions } from '../mockServerTypes.js';
import { pageRefusal, simulatorOriginPolicy } from '../simulator/pageOrigin.js';
import { allowedOriginsOf } from '../simulator/simulatorOptions.js';
import { defaultSpecPath, readSpecModel } from '../specDocument.js';
import { specRoutesOf } from '../specRoutes.js';
import { createSurfaceHandler } from './forwardToPrism.js';
import { prismCliPath } from './prismPackage.js';
import { startPrism } from './prismProcess.js';

/** Prism on the bundled spec behind one loopback server per base address, with real SSE and the spec's error body. */
export async function startPrismMock(options: MockServerOptions): Promise<MockServer> {
  // The optional peer first: without it nothing else about the options matters, and the error says what to install.
  prismCliPath("engine: 'prism'");
  // Checked before Prism starts, as the simulator checks its own: a refusal costs no process.
  allowedOriginsOf(options.allowedOrigins);
  const specPath = options.specPath ?? defaultSpecPath();
  const routes = specRoutesOf(await readSpecModel(specPath));
  const originPolicy = simulatorOriginPolicy(options.allowedOrigins);
  const prism = await startPrism(['mock', specPath], { askedFor: "engine: 'prism'" });
  try {
    const { ports, servers } = await listenOnBoth(options, (surface) => {
      const handler = createSurfaceHandler(surface, routes, prism.url, {
        eventIntervalMs: options.streamEventIntervalMs ?? 20,
      });
      return (req, res) => {
        const refusal = pageRefusal(req, originPolicy);
        if (refusal) {
          res.writeHead(refusal.status, { 'content-type': 'application/json', connection: 'close' });
          res.end(
            JSON.stringify({
              error: {
                message: refusal.message,
                type: 'invalid_request_error',
                code: refusal.code,
                param: refusal.param,
              },
            }),
          );
          return;
        }
        // Pages on other allowed origins (the playground, docs "try it") must see the mock's own answers too, not
        // only the ones Prism adds CORS headers to.
        if (typeof req.headers.origin === 'string') {
          res.setHeader('access-control-allow-origin', req.headers.origin);
          res.setHeader('access-control-expose-headers', '*');
        }
        handler(req, res).catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: { message: String(error), type: 'server_error', code: 'mock_failure', param: null },
            }),
          );
        });
      };
    });
    return {
      ...addresses(ports, routes),
      engine: 'prism',
      async close() {
        await Promise.all(servers.map(closeServer));
        await prism.stop();
      },
    };
  } catch (error) {
    await prism.stop();
    throw error;
  }
}
