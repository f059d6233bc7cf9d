import {
  type SimulatorInterceptor,
  type SimulatorOptions,
  startMockServer,
} from '@inference-infra/mock-server';
import type { Target } from '../run/target.js';

/** The only key the simulator accepts here, so the suite's missing and malformed keys are answered 401. */
export const simulatorApiKey = 'ii_live_reference';

/** One of the simulator's default volumes: the growth checks resize it from its seeded size. */
const volumeId = 'vol_training';

export interface SimulatorTarget {
  /** A live target with mutations allowed and the volume's size known, so every check of the suite runs. */
  target: Target & { volumeId: string; volumeSizeGb: number };
  close(): Promise<void>;
}

/**
 * The mock server's stateful simulator on loopback, as the suite's own conforming server; `intercept` wraps it (how a
 * mutant breaks one promise), `options` another of the legal choices (a data set, optional meta fields left out). A
 * fresh one per run: resizes and mutants change its state.
 */
export async function startSimulatorTarget(
  intercept?: SimulatorInterceptor,
  options: SimulatorOptions = {},
): Promise<SimulatorTarget> {
  // The pause between streamed events only paces a stream for a reader; 1 ms keeps the events separate writes.
  const server = await startMockServer({
    keys: [simulatorApiKey],
    streamEventIntervalMs: 1,
    ...options,
    ...(intercept ? { intercept } : {}),
  });
  const volumeSizeGb = server.simulator?.state.workspace(simulatorApiKey).volumes.get(volumeId)?.sizeGb;
  if (volumeSizeGb === undefined) {
    await server.close();
    throw new Error(`the simulator has no volume ${volumeId} for the key`);
  }
  return {
    target: {
      kind: 'live',
      baseUrl: server.baseUrl,
      platformUrl: server.platformUrl,
      apiKey: simulatorApiKey,
      allowMutations: true,
      // A fresh simulator per run: growing its volume to the maximum costs nothing, so that check runs too.
      allowBoundResizes: true,
      volumeId,
      volumeSizeGb,
      models: {},
      requestTimeoutMs: 10_000,
    },
    close: () => server.close(),
  };
}
