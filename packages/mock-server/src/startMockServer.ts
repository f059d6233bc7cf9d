import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { specModelOf } from '@inference-infra/types/spec-model';
import { answerClientErrors } from './clientErrors.js';
import { createSurfaceHandler } from './forwardToPrism.js';
import { startPrism } from './prismProcess.js';
import { createSimulator, type Simulator } from './simulator/createSimulator.js';
import { simulatorListener } from './simulator/nodeListener.js';
import { pageRefusal, simulatorOriginPolicy } from './simulator/pageOrigin.js';
import {
  allowedOriginsOf,
  SimulatorOptionError,
  type SimulatorOptions,
} from './simulator/simulatorOptions.js';
import { basePathOf, type SpecRoute, type Surface, specRoutesOf } from './specRoutes.js';

/** `simulator` (the default): the stateful simulator. `prism`: Prism answering the spec's static examples. */
export type MockEngine = 'simulator' | 'prism';

export interface MockServerOptions extends SimulatorOptions {
  /** Which engine answers (default `simulator`). */
  engine?: MockEngine;
  /** Port of the inference base address; 0 (the default) picks a free one. */
  inferencePort?: number;
  /** Port of the platform base address; 0 (the default) picks a free one. */
  platformPort?: number;
  /**
   * Path of a bundled OpenAPI document to serve; defaults to the bundled spec of this toolkit. The simulator answers
   * the operations it has no stateful handler for from it; Prism serves its examples.
   */
  specPath?: string;
}

export interface MockServer {
  /** Inference base address, `/v1` included: give it to OpenAI-style clients as their base URL. */
  baseUrl: string;
  /** Platform base address, without the `/api/v1` prefix that its paths carry. */
  platformUrl: string;
  engine: MockEngine;
  /** The simulator behind the servers (engine `simulator`): its `state`, `reset()` and in-process `fetch`. */
  simulator?: Simulator;
  close(): Promise<void>;
}

/** Only loopback: the mock accepts any key, so it must never be reachable from another machine. */
const host = '127.0.0.1';

export function defaultSpecPath(): string {
  return createRequire(import.meta.url).resolve('@inference-infra/types/openapi.json');
}

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

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

async function listenOnBoth(
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
    await Promise.all(servers.map(close));
    throw error;
  }
}

/** Each base address on its port, with the path its server's default puts before the spec's paths (`/v1`). */
const addresses = (ports: Record<Surface, number>, routes: readonly SpecRoute[]) => ({
  baseUrl: `http://${host}:${ports.inference}${basePathOf(routes, 'inference')}`,
  platformUrl: `http://${host}:${ports.platform}${basePathOf(routes, 'platform')}`,
});

/**
 * Serves the mock on one loopback server per base address: by default the stateful simulator (starts in
 * milliseconds), or Prism on the bundled spec with `engine: 'prism'`.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  if ((options.engine ?? 'simulator') === 'prism') {
    // Prism reads a file: a document given in memory would be silently left out.
    if (options.spec !== undefined)
      throw new SimulatorOptionError(
        "spec is the simulator's: give Prism the document as a file with specPath",
      );
    return startPrismMock(options);
  }
  if (options.engine !== undefined && options.engine !== 'simulator') {
    throw new TypeError(`engine must be "simulator" or "prism" (got ${String(options.engine)})`);
  }
  // `specPath` names the document to serve, as it does for Prism: operations without a handler are answered from it.
  const spec = options.specPath === undefined ? options.spec : await readSpecDocument(options.specPath);
  const simulator = createSimulator({ ...options, ...(spec ? { spec } : {}) });
  await simulator.ready;
  const { ports, servers } = await listenOnBoth(options, (surface) => simulatorListener(simulator, surface));
  return {
    ...addresses(ports, simulator.routes),
    engine: 'simulator',
    simulator,
    close: async () => {
      await Promise.all(servers.map(close));
    },
  };
}

/**
 * The document at `specPath` as the spec model, or an error naming the option and what is wrong with the file (it
 * cannot be read, is not JSON, is not an OpenAPI document of this shape) instead of a stack from deep inside.
 */
async function readSpecModel(specPath: string) {
  const document = await readSpecDocument(specPath);
  try {
    return specModelOf(document as Parameters<typeof specModelOf>[0]);
  } catch (error) {
    throw new SimulatorOptionError(
      `specPath must be a bundled OpenAPI document: ${specPath} is not one this mock can serve (${(error as Error).message})`,
    );
  }
}

/** The JSON document at `specPath`, or an error naming the option and why it cannot be read. */
async function readSpecDocument(specPath: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(specPath, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SimulatorOptionError(`specPath cannot be read: ${specPath} (${reason})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new SimulatorOptionError(
      `specPath must be a bundled OpenAPI document in JSON: ${specPath} is not JSON (${(error as Error).message})`,
    );
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new SimulatorOptionError(
      `specPath must be a bundled OpenAPI document: ${specPath} holds no JSON object`,
    );
  return document as Record<string, unknown>;
}

/** Prism on the bundled spec behind one loopback server per base address, with real SSE and the spec's error body. */
async function startPrismMock(options: MockServerOptions): Promise<MockServer> {
  // Checked before Prism starts, as the simulator checks its own: a refusal costs no process.
  allowedOriginsOf(options.allowedOrigins);
  const specPath = options.specPath ?? defaultSpecPath();
  const routes = specRoutesOf(await readSpecModel(specPath));
  const originPolicy = simulatorOriginPolicy(options.allowedOrigins);
  const prism = await startPrism(['mock', specPath]);
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
        await Promise.all(servers.map(close));
        await prism.stop();
      },
    };
  } catch (error) {
    await prism.stop();
    throw error;
  }
}
