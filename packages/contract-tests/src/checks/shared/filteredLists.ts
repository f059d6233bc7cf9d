import type { ListInstanceTypesResponse } from '@inference-infra/types';
import type { CheckContext } from '../../engine/check.js';
import { fail, jsonOf } from '../../judgements/answers.js';
import { orderProblem, sortedPropertiesOf } from '../../judgements/sortOrder.js';
import type { JsonObject, SpecOperation } from '../../model/spec.js';
import type { ContractResponse } from '../../transport/http.js';
import { expectAnswer } from './requests.js';

type Item = Record<string, unknown>;

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

export function checkWholePage(
  response: ContractResponse,
  items: Item[],
  meta: ListInstanceTypesResponse['meta'],
) {
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
