import type { InstanceType, ListInstanceTypesResponse } from '@inference-infra/types';
import type { ContractSpec, JsonObject } from '../spec.js';
import type { ContractCheck } from './check.js';
import { expectAnswer, fail, jsonOf } from './requests.js';

const operationId = 'listInstanceTypes';

/** A value of the filtered field that some but (when possible) not all items have, so the filter must do work. */
function filterValue(items: InstanceType[], field: string): unknown {
  const values = items.map((item) => (item as unknown as Record<string, unknown>)[field]);
  const counts = new Map<unknown, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const partial = [...counts.entries()].find(([, count]) => count < items.length);
  return (partial ?? [...counts.entries()][0])?.[0];
}

/**
 * The instance-type list: the whole answer, one check per filter parameter that names a field of the item schema
 * (derived from the spec, so a new filter is checked when the spec gains it), and the single-page promise.
 */
export function instanceTypeChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation(operationId);
  const itemSchema = spec.resolve('#/components/schemas/InstanceType').value;
  const fields = Object.keys((itemSchema.properties as JsonObject | undefined) ?? {});
  const base = { operationId, tags: op.tags, mutates: false };
  const listAll = async (ctx: Parameters<ContractCheck['run']>[0]) => {
    const response = await expectAnswer(ctx, { op }, 200);
    return { response, body: jsonOf<ListInstanceTypesResponse>(response) };
  };

  const checks: ContractCheck[] = [
    {
      ...base,
      name: 'answers 200 with the instance-type list and meta.requestId',
      kind: 'response',
      requires: [],
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
      // Assumed by the spec (instance-types-single-page): no paging parameter exists, so one page holds all matches.
      async run(ctx) {
        const { response, body } = await listAll(ctx);
        if (body.meta.hasMore === true)
          fail(response, 'meta.hasMore is true, but this list has no next page to ask for');
        if (body.meta.total !== undefined && body.meta.total !== body.data.length) {
          fail(
            response,
            `meta.total is ${body.meta.total}, but the single page holds ${body.data.length} items`,
          );
        }
      },
    },
  ];

  for (const parameter of op.parameters.filter((p) => p.in === 'query' && fields.includes(p.name))) {
    const field = parameter.name;
    checks.push({
      ...base,
      name: `honours the ${field} filter (exactly the matching items)`,
      kind: 'semantic',
      requires: ['state'],
      async run(ctx) {
        const { response: all, body } = await listAll(ctx);
        if (body.data.length === 0) fail(all, `the list is empty, so the ${field} filter cannot be checked`);
        const value = filterValue(body.data, field);
        const expected = body.data
          .filter((item) => (item as unknown as Record<string, unknown>)[field] === value)
          .map((item) => item.id)
          .sort();
        const filtered = await expectAnswer(ctx, { op, query: { [field]: String(value) } }, 200);
        const items = jsonOf<ListInstanceTypesResponse>(filtered).data;
        const wrong = items.filter((item) => (item as unknown as Record<string, unknown>)[field] !== value);
        if (wrong.length > 0)
          fail(
            filtered,
            `${wrong.length} items do not have ${field} ${JSON.stringify(value)} (first: ${wrong[0]?.id})`,
          );
        const got = items.map((item) => item.id).sort();
        if (got.join() !== expected.join()) {
          fail(
            filtered,
            `answered ${got.length} items, but the unfiltered list has ${expected.length} with ${field} ${JSON.stringify(value)}`,
          );
        }
      },
    });
  }

  checks.push({
    ...base,
    name: 'answers an empty list when a filter matches nothing',
    kind: 'semantic',
    requires: ['state'],
    async run(ctx) {
      const response = await expectAnswer(
        ctx,
        { op, query: { gpu_type: 'contract-tests-no-such-gpu' } },
        200,
      );
      const { data } = jsonOf<ListInstanceTypesResponse>(response);
      if (data.length > 0)
        fail(response, `answered ${data.length} items for a gpu_type no instance type has`);
    },
  });
  return checks;
}
