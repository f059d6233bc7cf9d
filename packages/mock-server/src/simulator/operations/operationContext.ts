import type { ErrorResponder } from '../errorResponses.js';
import type { ValidRequestParts } from '../requestParts.js';
import type { ResolvedSimulatorOptions } from '../simulatorOptions.js';
import type { SimulatorState, Workspace } from '../simulatorState.js';
import type { SimulatorResponse } from '../simulatorTypes.js';

/** What an operation gets: a request that passed routing, the key and the spec's checks. */
export interface OperationContext {
  parts: ValidRequestParts;
  workspace: Workspace;
  state: SimulatorState;
  options: ResolvedSimulatorOptions;
  requestId: string;
  url: URL;
  error: ErrorResponder;
  /** A fresh id with this prefix, unique within the simulator (`chatcmpl-`, `img_`). */
  newId(prefix: string): string;
}

export type Operation = (context: OperationContext) => SimulatorResponse;

export const ok = (json: unknown): SimulatorResponse => ({ status: 200, headers: {}, json });

/** Unix seconds, as `created` is in OpenAI-style answers. */
export const unixSeconds = (options: ResolvedSimulatorOptions) => Math.floor(options.now().getTime() / 1000);
