import type { ContractSpec } from '../model/spec.js';

/** A value on a bound, which the server must accept (only for reads: a bound of a billable call may be costly). */
export interface BoundaryCase {
  operationId: string;
  field: string;
  value: string;
  description: string;
  rule: 'minimum' | 'maximum';
}

/** Query values on their bounds, which must be accepted; only for operations that change nothing. */
export function boundaryCases(spec: ContractSpec): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  for (const op of spec.operations.filter((o) => !o.stateChanging)) {
    for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
      const schema = spec.resolve(parameter.schemaPointer).value;
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
