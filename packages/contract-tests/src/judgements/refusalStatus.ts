import type { SpecOperation } from '../model/spec.js';

export const skipReasons = {
  noRefusalStatus:
    'the operation documents no status for a request that breaks a rule (400 or 422), so no refusal can be expected of it',
} as const;

/**
 * The status an operation documents for a request that breaks a rule of the spec: 400 (assumption validation-400),
 * or 422 where an operation documents that instead; undefined when it documents neither, where the spec promises no
 * answer and a check expecting one would fail a server that follows it.
 */
export function refusalStatusOf(op: SpecOperation): 400 | 422 | undefined {
  if (op.responses['400']) return 400;
  return op.responses['422'] ? 422 : undefined;
}
