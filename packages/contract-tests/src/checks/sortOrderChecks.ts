import type { ContractSpec, JsonObject } from '../spec.js';
import type { ContractCheck } from './check.js';
import { expectAnswer, fail } from './requests.js';

interface SortedBy {
  field: string;
  direction: 'ascending' | 'descending';
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * One check per list the spec marks with `x-sorted-by` (the instance types, by `hourly_rate` ascending): read from the
 * spec rather than written here, so a sort order the spec adds is checked without touching the suite.
 */
export function sortOrderChecks(spec: ContractSpec): ContractCheck[] {
  const checks: ContractCheck[] = [];
  for (const op of spec.operations.filter((o) => o.method === 'GET')) {
    const media = op.responses['200']?.content['application/json'];
    if (!media) continue;
    for (const [property, raw] of Object.entries((media.schema.properties as JsonObject | undefined) ?? {})) {
      const sortedBy = (raw as JsonObject)['x-sorted-by'] as SortedBy | undefined;
      if (!sortedBy) continue;
      checks.push({
        name: `lists ${property} by ${sortedBy.field} ${sortedBy.direction} (x-sorted-by)`,
        operationId: op.operationId,
        tags: op.tags,
        kind: 'semantic',
        mutates: false,
        requires: [],
        async run(ctx) {
          const response = await expectAnswer(ctx, { op }, 200);
          const items = ((response.json as JsonObject)[property] as JsonObject[] | undefined) ?? [];
          const sign = sortedBy.direction === 'ascending' ? 1 : -1;
          for (let i = 1; i < items.length; i += 1) {
            const before = items[i - 1]?.[sortedBy.field];
            const after = items[i]?.[sortedBy.field];
            if (sign * compare(before, after) > 0) {
              fail(
                response,
                `${property}[${i - 1}].${sortedBy.field} ${String(before)} comes before ${property}[${i}].${sortedBy.field} ${String(after)}, against the ${sortedBy.direction} order`,
              );
            }
          }
        },
      });
    }
  }
  return checks;
}
