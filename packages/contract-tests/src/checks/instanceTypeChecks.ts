import type { ListInstanceTypesResponse } from '@inference-infra/types';
import { type CheckContext, type ContractCheck, skipCheck } from '../engine/check.js';
import { fail, jsonOf } from '../judgements/answers.js';
import {
  type Filter,
  fitsFilter,
  instanceTypeFilters,
  nearMisses,
} from '../judgements/instanceTypeFilters.js';
import { typesOf } from '../model/schemaTypes.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, parameterEntry } from '../promises/coverageIds.js';
import { checkWholePage, expectFiltered } from './shared/filteredLists.js';
import { expectAnswer } from './shared/requests.js';

const operationId = 'listInstanceTypes';

/** The most values of one filter the suite tries, so a large catalogue costs a bounded number of requests. */
const maxValuesPerFilter = 6;

type Item = Record<string, unknown>;

/** The distinct values of a field that fit its filter, in the order the list shows them, at most a few. */
function valuesOf(items: Item[], filter: Filter): unknown[] {
  return [...new Set(items.map((item) => item[filter.name]).filter((v) => fitsFilter(v, filter)))].slice(
    0,
    maxValuesPerFilter,
  );
}

/**
 * The instance-type list: the whole answer, and its filters (every query parameter that names a field of the item
 * schema, read from the spec, so a filter the spec gains is checked). Values to try come from the list itself.
 */
export function instanceTypeChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation(operationId);
  const filters = instanceTypeFilters(spec);
  const base = { operationId, tags: op.tags, mutates: false };
  const listAll = async (ctx: CheckContext) => {
    const response = await expectAnswer(ctx, { op }, 200);
    const body = jsonOf<ListInstanceTypesResponse>(response);
    return { response, body, items: body.data as unknown as Item[] };
  };

  const checks: ContractCheck[] = [
    {
      ...base,
      name: 'answers 200 with the instance-type list and meta.requestId',
      kind: 'response',
      requires: [],
      covers: [...answerCovers(spec, op, 200), assumptionEntry('all-listed-fields-required')],
      async run(ctx) {
        const { response, body } = await listAll(ctx);
        if (!body.meta?.requestId) fail(response, 'a list answer must carry meta.requestId');
      },
    },
    {
      ...base,
      name: 'answers every match in one page (hasMore false, total equal to the count)',
      kind: 'semantic',
      requires: [],
      covers: [assumptionEntry('instance-types-single-page')],
      async run(ctx) {
        const { response, body, items } = await listAll(ctx);
        checkWholePage(response, items, body.meta);
      },
    },
  ];

  for (const filter of filters) {
    checks.push({
      ...base,
      name: `honours the ${filter.name} filter for each value the list holds (exact matches, in order, whole page)`,
      kind: 'semantic',
      requires: ['state'],
      covers: [parameterEntry(operationId, 'query', filter.name, 'honoured')],
      async run(ctx) {
        const { response, items } = await listAll(ctx);
        const values = valuesOf(items, filter);
        if (values.length === 0)
          fail(response, `no item has a ${filter.name} that the filter can take, so it cannot be checked`);
        for (const value of values) await expectFiltered(ctx, op, items, { [filter.name]: value });
      },
    });
    if (typesOf(filter.schema).includes('string')) {
      checks.push({
        ...base,
        name: `matches ${filter.name} exactly (not by prefix, case or trimming)`,
        kind: 'semantic',
        requires: ['state'],
        covers: [parameterEntry(operationId, 'query', filter.name, 'honoured')],
        async run(ctx) {
          const { items } = await listAll(ctx);
          const known = new Set(items.map((item) => item[filter.name]));
          for (const value of valuesOf(items, filter).slice(0, 3) as string[]) {
            for (const miss of nearMisses(value, known)) {
              await expectFiltered(ctx, op, items, { [filter.name]: miss });
            }
          }
        },
      });
    }
  }

  if (filters.length > 1) {
    checks.push({
      ...base,
      name: `combines filters with AND (${filters.map((f) => f.name).join(', ')})`,
      kind: 'semantic',
      requires: ['state'],
      covers: filters.map((f) => parameterEntry(operationId, 'query', f.name, 'honoured')),
      async run(ctx) {
        const { items } = await listAll(ctx);
        const sendable = (item: Item, filter: Filter) => fitsFilter(item[filter.name], filter);
        // All filters from one item (never empty), then pairs of filters from two different items (often empty:
        // a server that ORs the filters answers both items' matches there).
        const picks = items.filter((item) => filters.every((f) => sendable(item, f))).slice(0, 3);
        for (const item of picks) {
          await expectFiltered(
            ctx,
            op,
            items,
            Object.fromEntries(filters.map((f) => [f.name, item[f.name]])),
          );
        }
        for (let i = 0; i < filters.length; i += 1) {
          for (let j = i + 1; j < filters.length; j += 1) {
            const [a, b] = [filters[i] as Filter, filters[j] as Filter];
            const first = items.find((item) => sendable(item, a) && sendable(item, b));
            const second = items.find((item) => sendable(item, b) && item[a.name] !== first?.[a.name]);
            if (!first || !second) continue;
            await expectFiltered(ctx, op, items, { [a.name]: first[a.name], [b.name]: first[b.name] });
            await expectFiltered(ctx, op, items, { [a.name]: first[a.name], [b.name]: second[b.name] });
          }
        }
      },
    });
  }

  checks.push({
    ...base,
    name: 'answers an empty list when a filter matches nothing',
    kind: 'semantic',
    requires: ['state'],
    covers: filters
      .filter((f) => typesOf(f.schema).includes('string'))
      .map((f) => parameterEntry(operationId, 'query', f.name, 'honoured')),
    async run(ctx) {
      const { items } = await listAll(ctx);
      const stringFilter = filters.find((f) => typesOf(f.schema).includes('string'));
      if (!stringFilter) skipCheck('the spec gives the list no string filter');
      await expectFiltered(ctx, op, items, { [stringFilter.name]: 'contract-tests-no-such-value' });
    },
  });
  return checks;
}
