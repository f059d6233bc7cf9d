import { errorTypeStatuses, specModelOf } from '../src/specModel/index.js';
import { generatedHeader, type SpecBundle } from './specBundle.js';

// The fetch client's two tables, written from the spec model by the same pipeline as every other generated file.

/**
 * `src/internal/routes.gen.ts` of the fetch client: each operation's id, base address and state-changing flag, by
 * method, then path. Two lookups of literal strings cost a call ~0.1 µs less than one lookup of `${method} ${path}`
 * (the concatenation is a new string, hashed on every call): 3% of an in-process GET, measured.
 */
export function generateRoutesSource(bundle: SpecBundle): string {
  const routes: Record<string, Record<string, object>> = {};
  for (const operation of specModelOf(bundle.document).operations) {
    const byPath = routes[operation.method] ?? {};
    routes[operation.method] = byPath;
    byPath[operation.path] = {
      operationId: operation.operationId,
      surface: operation.surface,
      stateChanging: operation.stateChanging,
    };
  }
  return `${generatedHeader('@inference-infra/types scripts/generateRoutes.ts', bundle)}
import type { RouteTable } from './operations.js';

/** Checked against the spec's \`paths\` type: a route missing, or one the spec does not have, does not compile. */
export const routes = ${JSON.stringify(routes, null, 2)} as const satisfies RouteTable;
`;
}

/**
 * `src/internal/errorStatus.gen.ts` of the fetch client: the failure status of each error `type`, for errors that come
 * without a status (an error event inside a stream).
 */
export function generateErrorStatusSource(bundle: SpecBundle): string {
  const statusByErrorType = Object.fromEntries(errorTypeStatuses(specModelOf(bundle.document)));
  return `${generatedHeader('@inference-infra/types scripts/generateRoutes.ts', bundle)}
/** The failure status the spec answers each error \`type\` with (from the examples of its error responses). */
export const statusByErrorType: Readonly<Record<string, number>> = ${JSON.stringify(statusByErrorType, null, 2)};
`;
}
