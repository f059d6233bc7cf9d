import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientErrors } from './clientErrors.js';
import type { MockServerOptions } from './mockServerTypes.js';
import { basePathOf, type SpecRoute, type Surface } from './specRoutes.js';

/** Only loopback: the mock accepts any key, so it must never be reachable from another machine. */
const host = '127.0.0.1';

/**
 * Timeouts for a server on the developer's own machine, where every client is local and fast: the headers of a
 * request within 10 s and its whole body within 30 s (Node's defaults, 60 s and 300 s, keep a stalled upload's
 * socket and buffers for minutes), checked every 5 s. Answers, streams included, are not limited by them.
 */
export const localServerTimeouts = {
  // The listener answers a missing Host itself, with the error body (Node's own 400 has none).
  requireHostHeader: false,
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 5_000,
} as const;

/**
 * Node's own deadline for a whole request, a backstop behind the simulator's: the headers' time plus `bodyTimeoutMs`
 * plus one check interval, so that the simulator's 408 (which names the option) answers a slow body first.
 */
function serverTimeouts(bodyTimeoutMs = 30_000) {
  const { headersTimeout, connectionsCheckingInterval, requestTimeout } = localServerTimeouts;
  return {
    ...localServerTimeouts,
    requestTimeout: Math.max(requestTimeout, headersTimeout + bodyTimeoutMs + connectionsCheckingInterval),
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** One loopback server per base address, each with the listener `listenerFor` gives; none left open on a failure. */
export async function listenOnBoth(
  options: MockServerOptions,
  listenerFor: (surface: Surface) => Parameters<typeof createServer>[1] & {},
): Promise<{ ports: Record<Surface, number>; servers: Server[] }> {
  const servers: Server[] = [];
  const ports: Record<Surface, number> = { inference: 0, platform: 0 };
  try {
    for (const [surface, port] of [
      ['inference', options.inferencePort ?? 0],
      ['platform', options.platformPort ?? 0],
    ] as const) {
      const server = createServer(serverTimeouts(options.bodyTimeoutMs), listenerFor(surface));
      answerClientErrors(server);
      servers.push(server);
      ports[surface] = await listen(server, port);
    }
    return { ports, servers };
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }
}

/** Each base address on its port, with the path its server's default puts before the spec's paths (`/v1`). */
export const addresses = (ports: Record<Surface, number>, routes: readonly SpecRoute[]) => ({
  baseUrl: `http://${host}:${ports.inference}${basePathOf(routes, 'inference')}`,
  platformUrl: `http://${host}:${ports.platform}${basePathOf(routes, 'platform')}`,
});
