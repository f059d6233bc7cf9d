import { typesOf } from '../model/schemaTypes.js';
import type { ContractSpec } from '../model/spec.js';

/** A value on a bound, which the server must accept (only for reads: a bound of a billable call may be costly). */
export interface BoundaryCase {
  operationId: string;
  field: string;
  value: string;
  description: string;
  /** The rule whose edge the value is on: a bound, or for an integer without one, its type (`gpu_count=0`). */
  rule: 'minimum' | 'maximum' | 'type';
}

/** Query values on their bounds, which must be accepted; only for operations that change nothing. */
export function boundaryCases(spec: ContractSpec): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  for (const op of spec.operations.filter((o) => !o.stateChanging)) {
    for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
      const schema = spec.resolve(parameter.schemaPointer).value;
      // An integer filter without a lower bound takes 0 (no instance type has 0 GPUs: the answer is empty, not a 400).
      if (typesOf(schema).includes('integer') && schema.minimum === undefined) {
        cases.push({
          operationId: op.operationId,
          field: parameter.name,
          value: '0',
          description: `${parameter.name}=0 (an integer the spec allows, with no lower bound)`,
          rule: 'type',
        });
      }
      for (const bound of ['minimum', 'maximum'] as const) {
        const value = schema[bound];
        if (typeof value !== 'number') continue;
        cases.push({
          operationId: op.operationId,
          field: parameter.name,
          value: String(value),
          description: `${parameter.name}=${value} (its ${bound})`,
          rule: bound,
        });
      }
    }
  }
  return cases;
}
