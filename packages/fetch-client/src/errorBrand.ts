import type { InferenceInfraError } from './errors.js';

/**
 * Marks the errors of every installed copy of this package (a registered symbol is the same in each). In a module of
 * its own, with no effect on load: the server entry tells the client's errors apart by it without loading their
 * classes.
 */
export const errorBrand = Symbol.for('@inference-infra/fetch-client/error');

/**
 * Whether `error` is an error of this client, from this copy of the package or another one. `instanceof` is false
 * for an error of another copy (two versions installed, or the ESM and CJS builds both loaded); libraries on top of
 * the client, such as the react-hooks, decide with this instead.
 */
export function isInferenceInfraError(error: unknown): error is InferenceInfraError {
  return (
    typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[errorBrand] === true
  );
}
