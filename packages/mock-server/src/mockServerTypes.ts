import type { Simulator } from './simulator/createSimulator.js';
import type { SimulatorOptions } from './simulator/simulatorOptions.js';

/**
 * `simulator` (the default): the stateful simulator. `prism`: Prism answering the spec's static examples (needs the
 * optional peer `@stoplight/prism-cli`).
 */
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
