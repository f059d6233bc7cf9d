import type { JsonObject, SpecOperation } from '../model/spec.js';
import { instantOf } from './sameValue.js';

export interface SortedBy {
  field: string;
  direction: 'ascending' | 'descending';
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Date-times by the instant they name: the same instant may be written at any offset.
  const [at, bt] = [instantOf(a), instantOf(b)];
  if (at !== undefined && bt !== undefined) return at - bt;
  return String(a).localeCompare(String(b));
}

/** The `x-sorted-by` of each list property of the operation's 200 JSON answer, by property name. */
export function sortedPropertiesOf(op: SpecOperation): Array<[string, SortedBy]> {
  const media = op.responses['200']?.content['application/json'];
  if (!media) return [];
  return Object.entries((media.schema.properties as JsonObject | undefined) ?? {}).flatMap(
    ([property, raw]) => {
      const sortedBy = (raw as JsonObject)['x-sorted-by'] as SortedBy | undefined;
      return sortedBy ? [[property, sortedBy] as [string, SortedBy]] : [];
    },
  );
}

/** The first pair of neighbours out of order, described; undefined when the items keep the order. */
export function orderProblem(items: JsonObject[], property: string, sortedBy: SortedBy): string | undefined {
  const sign = sortedBy.direction === 'ascending' ? 1 : -1;
  for (let i = 1; i < items.length; i += 1) {
    const before = items[i - 1]?.[sortedBy.field];
    const after = items[i]?.[sortedBy.field];
    if (sign * compare(before, after) > 0) {
      return `${property}[${i - 1}].${sortedBy.field} ${String(before)} comes before ${property}[${i}].${sortedBy.field} ${String(after)}, against the ${sortedBy.direction} order`;
    }
  }
  return undefined;
}
