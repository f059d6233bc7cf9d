/**
 * Marks the errors of every installed copy of this package (a registered symbol is the same in each). In a module of
 * its own, with no effect on load: the server entry tells the client's errors apart by it without loading their
 * classes.
 */
export const errorBrand = Symbol.for('@inference-infra/fetch-client/error');

/**
 * Whether `error` carries the brand. Typed as a plain `Error` so that this module imports nothing: `errors.ts` gives
 * it the class's type (`isInferenceInfraError`), and the server entry reads it without loading the classes.
 */
export function hasErrorBrand(error: unknown): error is Error {
  return (
    typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[errorBrand] === true
  );
}
