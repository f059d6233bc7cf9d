import type { ContractCheck } from '../engine/check.js';
import { fail } from '../judgements/answers.js';
import { orderProblem, sortedPropertiesOf } from '../judgements/sortOrder.js';
import type { ContractSpec, JsonObject } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { expectAnswer } from './shared/requests.js';

/**
 * One check per list the spec marks with `x-sorted-by` (the instance types, by `hourly_rate` ascending): read from the
 * spec rather than written here, so a sort order the spec adds is checked without touching the suite. Filtered
 * answers are checked for the same order by the filter checks.
 */
export function sortOrderChecks(spec: ContractSpec): ContractCheck[] {
  return spec.operations
    .filter((o) => o.method === 'GET')
    .flatMap((op) =>
      sortedPropertiesOf(op).map(
        ([property, sortedBy]): ContractCheck => ({
          name: `lists ${property} by ${sortedBy.field} ${sortedBy.direction} (x-sorted-by)`,
          operationId: op.operationId,
          tags: op.tags,
          kind: 'semantic',
          mutates: false,
          requires: [],
          covers: answerCovers(spec, op, 200),
          async run(ctx) {
            const response = await expectAnswer(ctx, { op }, 200);
            const items = ((response.json as JsonObject)[property] as JsonObject[] | undefined) ?? [];
            const problem = orderProblem(items, property, sortedBy);
            if (problem) fail(response, problem);
          },
        }),
      ),
    );
}
