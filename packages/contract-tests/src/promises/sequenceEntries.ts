import type { ContractSpec } from '../model/spec.js';
import type { CoverageEntry } from './coverageEntry.js';
import { sequenceEntry, sequencePromises } from './coverageIds.js';

/**
 * The promises over sequences of calls, from the spec model: every read answers requests in flight at once as it
 * answers each alone, every list read while writes are in flight is consistent in itself, and every write to a resource
 * named by its path (a resize) racing others of its kind is answered as some order of them. The spec states no
 * promise about concurrency, so these are the per-request promises held over many requests at once, nothing more.
 */
export function sequenceEntries(spec: ContractSpec): CoverageEntry[] {
  const entries: CoverageEntry[] = [];
  for (const op of spec.operations) {
    const base = { kind: 'sequence' as const, operationId: op.operationId };
    if (!op.stateChanging && op.method === 'GET') {
      entries.push({ ...base, id: sequenceEntry(op.operationId, sequencePromises.inFlight) });
      entries.push({ ...base, id: sequenceEntry(op.operationId, sequencePromises.duringWrites) });
    }
    if (op.stateChanging && op.parameters.some((p) => p.in === 'path'))
      entries.push({ ...base, id: sequenceEntry(op.operationId, sequencePromises.racingWrites) });
  }
  return entries;
}
