import type { ContractSpec, JsonObject, SpecOperation } from './spec.js';

/**
 * The `error.code` the spec promises for an operation's failure status (`x-error-code` on the response: the resize's
 * 404 `volume_not_found` and 409 `size_not_increased`), or undefined where the code is only an example. Read from the
 * bundle itself: the shared spec model keeps no extensions of a response.
 */
export function promisedErrorCode(spec: ContractSpec, op: SpecOperation, status: number): string | undefined {
  const paths = (spec.document.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  for (const item of Object.values(paths)) {
    const operation = item[op.method.toLowerCase()];
    if (operation?.operationId !== op.operationId) continue;
    const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
    let response = responses[String(status)];
    if (response && typeof response.$ref === 'string') response = spec.resolve(response.$ref).value;
    const code = response?.['x-error-code'];
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
