import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, jsonOf } from '../../judgements/answers.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry, parameterEntry } from '../../promises/coverageIds.js';
import { numberParameter, skipIfGrown, walkLedger } from '../shared/ledger.js';
import { expectAnswer } from '../shared/requests.js';

/**
 * Any page of the ledger, at any page size, from any offset, with or without a `type` filter, is the same slice of the
 * ledger read whole at the largest page size: no item skipped or repeated (inside a run of equal `createdAt` too, where
 * an unstable order shows only at some page sizes), `hasMore` and `total` agreeing with it.
 */
export function transactionProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('listBillingTransactions');
  const typeParameter = op.parameters.find((p) => p.in === 'query' && p.name === 'type');
  const types = (
    typeParameter ? (spec.resolve(typeParameter.schemaPointer).value.enum ?? []) : []
  ) as string[];
  const minLimit = numberParameter(op, 'limit', 'minimum') ?? 1;
  const maxLimit = numberParameter(op, 'limit', 'maximum') ?? 100;
  const filters: Array<string | undefined> = [undefined, ...types];
  return [
    propertyCheck({
      name: 'answers every page as the slice of the whole ledger it names, for any limit, offset and type',
      operationId: op.operationId,
      tags: op.tags,
      mutates: false,
      requires: ['state'],
      covers: [
        parameterEntry(op.operationId, 'query', 'limit', 'honoured'),
        parameterEntry(op.operationId, 'query', 'offset', 'honoured'),
        ...(typeParameter ? [parameterEntry(op.operationId, 'query', 'type', 'honoured')] : []),
        assumptionEntry('pagination-meta-optional-fields'),
      ],
      async setup(ctx) {
        const ledgers = new Map<string | undefined, string[]>();
        for (const type of filters) {
          const ledger = await walkLedger(ctx, op, type === undefined ? {} : { type });
          ledgers.set(
            type,
            ledger.items.map((item) => item.id),
          );
        }
        return ledgers;
      },
      cases: (_, ledgers) =>
        fc
          .record({
            type: fc.constantFrom(...filters),
            // Small page sizes most often: they cut the ledger in the most places, ties included.
            limit: fc.oneof(
              fc.integer({ min: minLimit, max: 12 }),
              fc.integer({ min: minLimit, max: maxLimit }),
            ),
          })
          .chain(({ type, limit }) => {
            const total = ledgers.get(type)?.length ?? 0;
            return fc.record({
              type: fc.constant(type),
              limit: fc.constant(limit),
              // Anywhere in the ledger, just past its end, or where the page ends exactly on its last item.
              offset: fc.oneof(
                fc.integer({ min: 0, max: total + 2 }),
                fc.constant(Math.max(0, total - limit)),
              ),
            });
          }),
      async check(ctx, { type, limit, offset }, ledgers) {
        const ids = ledgers.get(type) ?? [];
        const query = {
          ...(type === undefined ? {} : { type }),
          limit: String(limit),
          offset: String(offset),
        };
        const response = await expectAnswer(ctx, { op, query }, 200);
        const { data, meta } = jsonOf<ListBillingTransactionsResponse>(response);
        const expected = ids.slice(offset, offset + limit);
        const got = data.map((item) => item.id);
        const filter: Record<string, string> = type === undefined ? {} : { type };
        const whole = `the ledger${type === undefined ? '' : ` of type ${type}`} read whole by ${maxLimit}`;
        if (got.length > limit) fail(response, `answered ${got.length} items for limit ${limit}`);
        const differs = got.findIndex((id, index) => id !== expected[index]);
        if (differs >= 0) {
          await skipIfGrown(ctx, op, filter, ids[0]);
          fail(
            response,
            `item ${differs} of the page is ${got[differs]}, but ${whole} has ${expected[differs] ?? 'nothing'} at offset ${offset + differs}: an item skipped or repeated between page sizes`,
          );
        }
        if (got.length === 0 && expected.length > 0) {
          await skipIfGrown(ctx, op, filter, ids[0]);
          fail(response, `answered no item at offset ${offset}, where ${whole} has ${ids.length}`);
        }
        const more = offset + got.length < ids.length;
        if (meta.total !== undefined && meta.total !== ids.length) {
          await skipIfGrown(ctx, op, filter, ids[0]);
          fail(response, `meta.total is ${meta.total}, but ${whole} holds ${ids.length}`);
        }
        if (meta.hasMore !== undefined && meta.hasMore !== more)
          fail(
            response,
            `meta.hasMore is ${meta.hasMore}, but ${ids.length - offset - got.length} items follow this page in ${whole}`,
          );
        // A page shorter than the slice (a server capping its pages) must say more follow.
        if (got.length < expected.length && meta.hasMore === false)
          fail(
            response,
            `answered ${got.length} of the ${expected.length} items left, and meta.hasMore false`,
          );
      },
    }),
  ];
}
