import type { ContractSpec } from '../model/spec.js';

/** Which operations and documented statuses the run saw, out of all the spec documents. */
export interface CoverageSummary {
  operations: { exercised: number; total: number };
  statuses: { exercised: number; total: number };
  /** `operationId status` pairs the spec documents that no answer of this run had. */
  notExercised: string[];
}

export interface CoverageRecorder {
  record(operationId: string, status: number): void;
  /** The recorded pairs, `operationId status`, for merging runs. */
  seen(): string[];
}

export function createCoverageRecorder(): CoverageRecorder {
  const seen = new Set<string>();
  return {
    record(operationId, status) {
      seen.add(`${operationId} ${status}`);
    },
    seen: () => [...seen].sort(),
  };
}

export function summarizeCoverage(spec: ContractSpec, seenPairs: Iterable<string>): CoverageSummary {
  const seen = new Set(seenPairs);
  const notExercised: string[] = [];
  let statusTotal = 0;
  let statusExercised = 0;
  let operationsExercised = 0;
  for (const op of spec.operations) {
    const documented = Object.keys(op.responses).filter((status) => /^\d{3}$/.test(status));
    statusTotal += documented.length;
    let any = false;
    for (const status of documented) {
      if (seen.has(`${op.operationId} ${status}`)) {
        statusExercised += 1;
        any = true;
      } else {
        notExercised.push(`${op.operationId} ${status}`);
      }
    }
    if (any) operationsExercised += 1;
  }
  return {
    operations: { exercised: operationsExercised, total: spec.operations.length },
    statuses: { exercised: statusExercised, total: statusTotal },
    notExercised,
  };
}

export function formatCoverage(summary: CoverageSummary): string {
  const { operations, statuses } = summary;
  return `Coverage: ${operations.exercised}/${operations.total} operations, ${statuses.exercised}/${statuses.total} documented statuses exercised`;
}
