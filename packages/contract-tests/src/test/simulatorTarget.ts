import {
  createSimulator,
  type SimulatorInterceptor,
  type SimulatorOptions,
  type SimulatorState,
  startMockServer,
} from '@inference-infra/mock-server';
import type { Target } from '../transport/target.js';

/** The only key the simulator accepts here, so the suite's missing and malformed keys are answered 401. */
export const simulatorApiKey = 'ii_live_reference';

/**
 * A key deactivated in the dashboard: the simulator refuses it, the suite is given it. Random after the prefix, as
 * every 8 characters of it in a row are redacted from what the suite prints (a word there would hide that word).
 */
export const simulatorDeactivatedKey = 'ii_live_7c1e94d2a0b8f356';

/** One of the simulator's default volumes: the growth checks resize it from its seeded size. */
const volumeId = 'vol_training';

/**
 * How the suite reaches the simulator: over loopback HTTP (`http`, as partners run it), or through the simulator's
 * in-process fetch (`in-process`), which answers the same requests with the same handler and no socket.
 */
export type SimulatorTransport = 'http' | 'in-process';

export interface SimulatorTarget {
  /** A live target with mutations allowed and the volume's size known, so every check of the suite runs. */
  target: Target & { volumeId: string; volumeSizeGb: number };
  /** The transport to hand the run (`createCheckContext(..., { fetch })`): set for the in-process simulator only. */
  fetch?: typeof fetch;
  close(): Promise<void>;
}

/**
 * The addresses of the in-process simulator. Nothing listens on them (port 9 is discard, closed on loopback), so a
 * request that bypassed the injected fetch fails at once and on loopback; they are two origins, as the HTTP server's
 * two ports are, so a path sent to the other base address is the same 404 as over HTTP.
 */
const inProcessOrigins = { inference: 'http://127.0.0.1:9', platform: 'http://127.0.0.2:9' } as const;

/**
 * The surface a request arrived on, told from its origin as the HTTP server tells it from its port, before the
 * mutant (if any) sees the request: the simulator alone would tell it from the path.
 */
function onSurfaceOfOrigin(intercept: SimulatorInterceptor | undefined): SimulatorInterceptor {
  return (next, state: SimulatorState) => {
    const handler = intercept ? intercept(next, state) : next;
    return (req) => {
      req.surface = req.url.origin === inProcessOrigins.platform ? 'platform' : 'inference';
      return handler(req);
    };
  };
}

const liveTarget = (
  baseUrl: string,
  platformUrl: string,
  volumeSizeGb: number,
): SimulatorTarget['target'] => ({
  kind: 'live',
  baseUrl,
  platformUrl,
  apiKey: simulatorApiKey,
  deactivatedKey: simulatorDeactivatedKey,
  allowMutations: true,
  // A fresh simulator per run: growing its volume to the maximum costs nothing, so that check runs too.
  allowBoundResizes: true,
  volumeId,
  volumeSizeGb,
  models: {},
  requestTimeoutMs: 10_000,
});

/**
 * The mock server's stateful simulator as the suite's own conforming server; `intercept` wraps it (how a mutant
 * breaks one promise), `options` another of the legal choices (a data set, optional meta fields left out). A fresh
 * one per run: resizes and mutants change its state. Over loopback HTTP by default; `in-process` skips the sockets.
 */
export async function startSimulatorTarget(
  intercept?: SimulatorInterceptor,
  options: SimulatorOptions = {},
  transport: SimulatorTransport = 'http',
): Promise<SimulatorTarget> {
  // The pause between streamed events only paces a stream for a reader. Over HTTP, 1 ms keeps the events separate
  // writes. In process none is needed: the web Response's stream enqueues one event per pull, so each is a read of
  // its own, and a pause there was only waiting (two thirds of a run's time went to these pauses).
  const simulatorOptions = {
    keys: [simulatorApiKey],
    deactivatedKeys: [simulatorDeactivatedKey],
    streamEventIntervalMs: transport === 'in-process' ? 0 : 1,
    ...options,
  };
  if (transport === 'in-process') {
    const simulator = createSimulator({ ...simulatorOptions, intercept: onSurfaceOfOrigin(intercept) });
    const volumeSizeGb = simulator.state.workspace(simulatorApiKey).volumes.get(volumeId)?.sizeGb;
    if (volumeSizeGb === undefined) throw new Error(`the simulator has no volume ${volumeId} for the key`);
    const platformUrl = inProcessOrigins.platform;
    return {
      target: liveTarget(`${inProcessOrigins.inference}/v1`, platformUrl, volumeSizeGb),
      fetch: simulator.fetch,
      close: async () => {},
    };
  }
  const server = await startMockServer({ ...simulatorOptions, ...(intercept ? { intercept } : {}) });
  const volumeSizeGb = server.simulator?.state.workspace(simulatorApiKey).volumes.get(volumeId)?.sizeGb;
  if (volumeSizeGb === undefined) {
    await server.close();
    throw new Error(`the simulator has no volume ${volumeId} for the key`);
  }
  return {
    target: liveTarget(server.baseUrl, server.platformUrl, volumeSizeGb),
    close: () => server.close(),
  };
}
