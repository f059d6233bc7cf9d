import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createSurfaceHandler } from './forwardToPrism.js';
import { startPrism } from './prismProcess.js';
import { inferencePathPrefix, type Surface, surfaceRoutesFromSpec } from './surfaces.js';

export interface MockServerOptions {
  /** Port of the inference base address; 0 (the default) picks a free one. */
  inferencePort?: number;
  /** Port of the platform base address; 0 (the default) picks a free one. */
  platformPort?: number;
  /** Path of a bundled OpenAPI document; defaults to the bundled spec of this toolkit. */
  specPath?: string;
  /** Pause between the events of a streamed chat answer, in milliseconds (default 20; 0 sends them back to back). */
  streamEventIntervalMs?: number;
}

export interface MockServer {
  /** Inference base address, `/v1` included: give it to OpenAI-style clients as their base URL. */
  baseUrl: string;
  /** Platform base address, without the `/api/v1` prefix that its paths carry. */
  platformUrl: string;
  close(): Promise<void>;
}

/** Only loopback: the mock accepts any key, so it must never be reachable from another machine. */
const host = '127.0.0.1';

export function defaultSpecPath(): string {
  return createRequire(import.meta.url).resolve('@inference-infra/types/openapi.json');
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

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Starts Prism on the bundled spec behind one loopback server per base address. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const specPath = options.specPath ?? defaultSpecPath();
  const routes = surfaceRoutesFromSpec(JSON.parse(await readFile(specPath, 'utf8')));
  const prism = await startPrism(['mock', specPath]);
  const servers: Server[] = [];
  try {
    const ports: Record<Surface, number> = { inference: 0, platform: 0 };
    for (const [surface, port] of [
      ['inference', options.inferencePort ?? 0],
      ['platform', options.platformPort ?? 0],
    ] as const) {
      const handler = createSurfaceHandler(surface, routes, prism.url, {
        eventIntervalMs: options.streamEventIntervalMs ?? 20,
      });
      const server = createServer((req, res) => {
        // Pages on other origins (the playground, docs "try it") must see the mock's own answers too, not only
        // the ones Prism adds CORS headers to.
        res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
        res.setHeader('access-control-expose-headers', '*');
        handler(req, res).catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: { message: String(error), type: 'server_error', code: 'mock_failure', param: null },
            }),
          );
        });
      });
      servers.push(server);
      ports[surface] = await listen(server, port);
    }
    return {
      baseUrl: `http://${host}:${ports.inference}${inferencePathPrefix}`,
      platformUrl: `http://${host}:${ports.platform}`,
      async close() {
        await Promise.all(servers.map(close));
        await prism.stop();
      },
    };
  } catch (error) {
    await Promise.all(servers.map(close));
    await prism.stop();
    throw error;
  }
}
