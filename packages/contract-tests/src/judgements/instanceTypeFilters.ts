import { typesOf } from '../model/schemaTypes.js';
import type { ContractSpec, JsonObject } from '../model/spec.js';

const operationId = 'listInstanceTypes';

export interface Filter {
  name: string;
  /** The parameter's own JSON type: an integer filter is only ever sent whole numbers. */
  schema: JsonObject;
}

/** Whether a value of a record's field can be sent as this filter (a `number` field may hold 0.5; `gpu_count` is integer). */
export function fitsFilter(value: unknown, filter: Filter): boolean {
  const types = typesOf(filter.schema);
  if (types.includes('integer')) return Number.isInteger(value);
  if (types.includes('number')) return typeof value === 'number';
  if (types.includes('boolean')) return typeof value === 'boolean';
  return typeof value === 'string';
}

/** Strings near a value that are not it: a prefix and other cases, unless the list holds them as values too. */
export function nearMisses(value: string, known: Set<unknown>): string[] {
  return [value.slice(0, -1), value.toLowerCase(), value.toUpperCase(), `${value} `].filter(
    (candidate, index, all) => candidate !== '' && !known.has(candidate) && all.indexOf(candidate) === index,
  );
}

/** Every query parameter of the list that names a field of the item schema, read from the spec. */
export function instanceTypeFilters(spec: ContractSpec): Filter[] {
  const op = spec.operation(operationId);
  const itemSchema = spec.resolve('#/components/schemas/InstanceType').value;
  const fields = Object.keys((itemSchema.properties as JsonObject | undefined) ?? {});
  return op.parameters
    .filter((p) => p.in === 'query' && fields.includes(p.name))
    .map((p) => ({ name: p.name, schema: spec.resolve(p.schemaPointer).value }));
}
