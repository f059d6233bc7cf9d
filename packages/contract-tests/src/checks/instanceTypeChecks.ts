import type { ListInstanceTypesResponse } from '@inference-infra/types';
import { typesOf } from '../model/schemaTypes.js';
import type { ContractSpec, JsonObject, SpecOperation } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, parameterEntry } from '../promises/coverageIds.js';
import type { ContractResponse } from '../run/http.js';
import { type CheckContext, type ContractCheck, skipCheck } from './check.js';
import { expectAnswer, fail, jsonOf } from './requests.js';
import { orderProblem, sortedPropertiesOf } from './sortOrderChecks.js';

const operationId = 'listInstanceTypes';

/** The most values of one filter the suite tries, so a large catalogue costs a bounded number of requests. */
const maxValuesPerFilter = 6;

type Item = Record<string, unknown>;

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

/** The distinct values of a field that fit its filter, in the order the list shows them, at most a few. */
function valuesOf(items: Item[], filter: Filter): unknown[] {
  return [...new Set(items.map((item) => item[filter.name]).filter((v) => fitsFilter(v, filter)))].slice(
    0,
    maxValuesPerFilter,
  );
}

const describeQuery = (query: Item) =>
  Object.entries(query)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&');

/**
 * Sends the filters and holds the answer to everything a filtered list promises: exactly the items of the unfiltered
 * list whose fields equal every filter (AND, exact), in the spec's order, with `meta` telling one whole page.
 */
export async function expectFiltered(
  ctx: CheckContext,
  op: SpecOperation,
  all: Item[],
  query: Item,
): Promise<void> {
  const expected = all
    .filter((item) => Object.entries(query).every(([name, value]) => item[name] === value))
    .map((item) => String(item.id));
  const response = await expectAnswer(
    ctx,
    { op, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) },
    200,
  );
  const { data, meta } = jsonOf<ListInstanceTypesResponse>(response);
  const items = data as unknown as Item[];
  const wrong = items.filter((item) => Object.entries(query).some(([name, value]) => item[name] !== value));
  if (wrong.length > 0) {
    const first = wrong[0] as Item;
    const field = Object.keys(query).find((name) => first[name] !== query[name]) ?? '';
    fail(
      response,
      `for ${describeQuery(query)}, ${wrong.length} items do not match (first: ${String(first.id)} has ${field} ${JSON.stringify(first[field])})`,
    );
  }
  const got = items.map((item) => String(item.id));
  const missing = expected.filter((id) => !got.includes(id));
  if (missing.length > 0 || got.length !== expected.length) {
    fail(
      response,
      `for ${describeQuery(query)}, answered ${got.length} items, but the unfiltered list has ${expected.length} that match (missing: ${missing.slice(0, 3).join(', ') || 'none'})`,
    );
  }
  checkWholePage(response, items, meta);
}

function checkWholePage(response: ContractResponse, items: Item[], meta: ListInstanceTypesResponse['meta']) {
  for (const [property, sortedBy] of sortedPropertiesOf(response.op)) {
    const problem = orderProblem(items as JsonObject[], property, sortedBy);
    if (problem) fail(response, problem);
  }
  // Assumed by the spec (instance-types-single-page): no paging parameter exists, so one page holds all matches.
  if (meta.hasMore === true)
    fail(response, 'meta.hasMore is true, but this list has no next page to ask for');
  if (meta.total !== undefined && meta.total !== items.length) {
    fail(response, `meta.total is ${meta.total}, but the single page holds ${items.length} items`);
  }
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
