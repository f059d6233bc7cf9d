import type { ContractCheck } from '../../engine/check.js';

/** Checks derived from the spec for every operation alike, marked so for the coverage map. */
export function generic(checks: ContractCheck[]): ContractCheck[] {
  return checks.map((check) => ({ ...check, generic: true }));
}

/**
 * A hand-written family's checks, or none when the spec no longer has an operation the family is about (removed, or
 * renamed: its checks name operations by id). The spec model answers such a lookup with "spec: no operation <id>";
 * the generic checks still cover whatever the spec now holds.
 */
export function ofOperationsInSpec(build: () => ContractCheck[]): ContractCheck[] {
  try {
    return build();
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('spec: no operation ')) return [];
    throw error;
  }
}
