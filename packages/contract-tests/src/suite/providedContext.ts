import type { CheckSelection } from '../engine/check.js';
import type { Target } from '../transport/target.js';

/** What the runner (the CLI, or the monorepo's global setup) hands the suite through vitest's `provide`. */
declare module 'vitest' {
  export interface ProvidedContext {
    contractTarget: Target;
    contractSelection: CheckSelection;
    /** Where the suite writes the `operationId status` pairs it saw, for the runner's coverage line; empty for none. */
    contractCoverageFile: string;
  }
}
