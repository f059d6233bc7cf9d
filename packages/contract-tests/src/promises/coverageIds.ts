import { mapKey, type Path } from '../cases/jsonPath.js';

/**
 * The names of coverage entries. The entries (`coverageEntries`) and the checks that declare them (`covers`) both name
 * them through these functions, so a check can only name an entry the way the map does, and a test fails when a
 * check names one the spec does not give.
 */

/** A body field as the map writes it: array items as `[]`, whatever index a check used (`messages[].role`). */
export function fieldPattern(path: Path | string): string {
  if (typeof path === 'string')
    return path.replace(/\[\d+\]/g, '[]').replace(new RegExp(`\\.${mapKey}(?=$|[.[])`, 'g'), '.*');
  return path
    .map((token, i) =>
      typeof token === 'number' ? '[]' : i === 0 ? token : `.${token === mapKey && i > 0 ? '*' : token}`,
    )
    .join('');
}

/** A rule of a query or path parameter: `listBillingTransactions query limit: maximum`. */
export function parameterEntry(operationId: string, at: 'query' | 'path', name: string, facet: string) {
  return `${operationId} ${at} ${name}: ${facet}`;
}

/** A rule of a request body field: `createChatCompletion body messages[].role: enum`. */
export function bodyEntry(operationId: string, path: Path | string, facet: string) {
  return `${operationId} body ${fieldPattern(path) || '(the body)'}: ${facet}`;
}

/** A field an answer of that status must carry: `listInstanceTypes 200 data[].gpu_type: required`. */
export function answerFieldEntry(operationId: string, status: string, where: string, field: string) {
  return `${operationId} ${status} ${where} ${field}: required`;
}

/** A header an answer of that status must carry. */
export function answerHeaderEntry(operationId: string, status: string, name: string) {
  return `${operationId} ${status} header ${name}: required`;
}

/** How a streamed answer of that status fails mid-way: `createChatCompletion 200 stream failure: ...`. */
export function streamFailureEntry(operationId: string, status: string) {
  return `${operationId} ${status} stream failure: one error event, then the end without the terminator`;
}

/** What a state-changing call changes, keeps, or (refused) leaves alone: `resizeVolume effect: keeps createdAt`. */
export function effectEntry(operationId: string, what: string) {
  return `${operationId} effect: ${what}`;
}

/** A choice of `spec/ASSUMPTIONS.md`, by its id. */
export function assumptionEntry(id: string) {
  return `assumption ${id}`;
}

/** A rule of the spec across fields of one body (`crossFieldRules`): `generateImages body width × height × size: cross-field`. */
export function crossFieldEntry(operationId: string, fields: string[]) {
  return `${operationId} body ${fields.join(' × ')}: cross-field`;
}

/**
 * A promise over a sequence of calls, as a live service sees them (requests in flight at once, writes racing):
 * `resizeVolume sequence: writes in flight at once ...`.
 */
export function sequenceEntry(operationId: string, what: string) {
  return `${operationId} sequence: ${what}`;
}

/** What the sequence entries promise, by the kind of operation they are about. */
export const sequencePromises = {
  inFlight: 'answered in flight at once as each alone, its own X-Request-Id on each',
  duringWrites: 'a page read while writes are in flight is consistent in itself (order, meta)',
  racingWrites: 'writes in flight at once answered as some order of them, none lost',
} as const;
