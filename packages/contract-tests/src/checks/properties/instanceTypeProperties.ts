import type { ListInstanceTypesResponse } from '@inference-infra/types';
import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { jsonOf } from '../../judgements/answers.js';
import {
  type Filter,
  fitsFilter,
  instanceTypeFilters,
  nearMisses,
} from '../../judgements/instanceTypeFilters.js';
import { typesOf } from '../../model/schemaTypes.js';
import type { ContractSpec } from '../../model/spec.js';
import { parameterEntry } from '../../promises/coverageIds.js';
import { expectFiltered } from '../shared/filteredLists.js';
import { expectAnswer } from '../shared/requests.js';

type Item = Record<string, unknown>;

/**
 * A filter's values: mostly those the catalogue holds (where matches are), then near misses of them (a prefix, another
 * case, a trailing space) and any value the parameter's type allows (where nothing may match).
 */
function filterValues(filter: Filter, items: Item[]): fc.Arbitrary<unknown> {
  const held = [...new Set(items.map((item) => item[filter.name]).filter((v) => fitsFilter(v, filter)))];
  const types = typesOf(filter.schema);
  const minimum = typeof filter.schema.minimum === 'number' ? filter.schema.minimum : 0;
  const any: fc.Arbitrary<unknown> = types.includes('integer')
    ? fc.integer({ min: minimum, max: minimum + 16 })
    : types.includes('string')
      ? fc.oneof(
          fc.string({ minLength: 1, maxLength: 12 }),
          ...(held.length > 0
            ? [fc.constantFrom(...held.flatMap((value) => nearMisses(String(value), new Set(held))))]
            : []),
        )
      : fc.boolean();
  return held.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...held), weight: 2 }, { arbitrary: any, weight: 1 })
    : any;
}

/**
 * The instance-type filters in every combination (none, one, two, all three) with values drawn from the catalogue and
 * the parameter's type: each answer is exactly the unfiltered list's items that match every filter, in price order,
 * on one page. A rule honoured only without a filter, or only for one pair of filters, fails here.
 */
export function instanceTypeProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('listInstanceTypes');
  const filters = instanceTypeFilters(spec);
  if (filters.length === 0) return [];
  return [
    propertyCheck({
      name: `answers exactly the matching items, in order, for any combination of ${filters.map((f) => f.name).join(', ')}`,
      operationId: op.operationId,
      tags: op.tags,
      mutates: false,
      requires: ['state'],
      covers: filters.map((f) => parameterEntry(op.operationId, 'query', f.name, 'honoured')),
      async setup(ctx) {
        const response = await expectAnswer(ctx, { op }, 200);
        return jsonOf<ListInstanceTypesResponse>(response).data as unknown as Item[];
      },
      cases: (_, items) =>
        fc.record(Object.fromEntries(filters.map((filter) => [filter.name, filterValues(filter, items)])), {
          requiredKeys: [],
        }),
      check: (ctx, query, items) => expectFiltered(ctx, op, items, query),
    }),
  ];
}
