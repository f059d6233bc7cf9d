import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, jsonOf } from '../../judgements/answers.js';
import { firstDifference, specDefinedValue } from '../../judgements/specDefined.js';
import type { ContractSpec } from '../../model/spec.js';
import { parameterEntry } from '../../promises/coverageIds.js';
import { numberParameter, skipIfGrown, walkLedger } from '../shared/ledger.js';
import { expectAnswer } from '../shared/requests.js';

/**
 * Offsets far past any ledger, up to what the spec allows: `offset` is an int64 with no maximum, so its largest value
 * (and the first past int32, past 2^53) is a page like any other, an empty one, never a 400 or a 5xx.
 */
const farOffsets = ['2147483648', '4294967296', '9007199254740993', '9223372036854775807'];

/**
 * Paging under every filter, with each parameter stated or left to its default: a request without `limit` is a page
 * of the default size under a filter too, without `offset` the first page, and in the order of the ledger read whole
 * (newest first). Offsets run from 0 past the end up to the largest int64.
 */
export function pagingProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('listBillingTransactions');
  const typeParameter = op.parameters.find((p) => p.in === 'query' && p.name === 'type');
  const types = (
    typeParameter ? (spec.resolve(typeParameter.schemaPointer).value.enum ?? []) : []
  ) as string[];
  const defaultLimit = numberParameter(op, 'limit', 'default') ?? 50;
  const defaultOffset = numberParameter(op, 'offset', 'default') ?? 0;
  const minLimit = numberParameter(op, 'limit', 'minimum') ?? 1;
  const maxLimit = numberParameter(op, 'limit', 'maximum') ?? 100;
  const filters: Array<string | undefined> = [undefined, ...types];
  return [
    propertyCheck({
      name: 'pages every filter with limit and offset stated or left to their defaults, offsets up to the largest int64',
      operationId: op.operationId,
      tags: op.tags,
      mutates: false,
      requires: ['state'],
      covers: [
        parameterEntry(op.operationId, 'query', 'limit', 'default'),
        parameterEntry(op.operationId, 'query', 'offset', 'default'),
        parameterEntry(op.operationId, 'query', 'offset', 'minimum'),
        parameterEntry(op.operationId, 'query', 'limit', 'maximum'),
        ...(typeParameter ? [parameterEntry(op.operationId, 'query', 'type', 'honoured')] : []),
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
      cases: () =>
        fc.record({
          type: fc.constantFrom(...filters),
          limit: fc.option(fc.constantFrom(minLimit, 2, 7, defaultLimit, maxLimit), {
            nil: undefined,
            freq: 2,
          }),
          offset: fc.option(
            fc.oneof(
              { weight: 3, arbitrary: fc.integer({ min: 0, max: 60 }).map(String) },
              { weight: 1, arbitrary: fc.constantFrom(...farOffsets) },
            ),
            { nil: undefined, freq: 2 },
          ),
        }),
      async check(ctx, { type, limit, offset }, ledgers) {
        const ids = ledgers.get(type) ?? [];
        const query: Record<string, string> = {};
        if (type !== undefined) query.type = type;
        if (limit !== undefined) query.limit = String(limit);
        if (offset !== undefined) query.offset = offset;
        const response = await expectAnswer(ctx, { op, query }, 200);
        const { data, meta } = jsonOf<ListBillingTransactionsResponse>(response);
        const from = offset === undefined ? defaultOffset : Number(offset);
        const size = limit ?? defaultLimit;
        const expected = from >= ids.length ? [] : ids.slice(from, from + size);
        const got = data.map((item) => item.id);
        const asked = `${limit === undefined ? `no limit (default ${defaultLimit})` : `limit ${limit}`}, ${offset === undefined ? `no offset (default ${defaultOffset})` : `offset ${offset}`}${type === undefined ? '' : `, type ${type}`}`;
        if (got.length > size) fail(response, `${asked}: answered ${got.length} items, above ${size}`);
        const differs = got.findIndex((id, index) => id !== expected[index]);
        const short = got.length < expected.length && meta.hasMore === false;
        if (differs >= 0 || short || (got.length === 0 && expected.length > 0)) {
          await skipIfGrown(ctx, op, type === undefined ? {} : { type }, ids[0]);
          fail(
            response,
            `${asked}: answered ${got.length} items${differs >= 0 ? `, item ${differs} is ${got[differs]} where the ledger read whole has ${expected[differs] ?? 'nothing'}` : ''}; the ledger read whole gives ${expected.length} there`,
          );
        }
        if (from >= ids.length && meta.hasMore === true)
          fail(response, `${asked}: meta.hasMore is true past the end`);
        // A parameter left out is its default under every filter: the page must be the one stating it, compared on
        // what the spec defines (a server capping its pages caps both alike).
        if (limit !== undefined && offset !== undefined) return;
        const stated = { ...query, limit: String(size), offset: String(from) };
        const twin = await expectAnswer(ctx, { op, query: stated }, 200);
        const difference = firstDifference(
          specDefinedValue(ctx.spec, response),
          specDefinedValue(ctx.spec, twin),
        );
        if (difference === undefined) return;
        await skipIfGrown(ctx, op, type === undefined ? {} : { type }, ids[0]);
        fail(
          response,
          `${asked} is answered differently from ${new URLSearchParams(stated)}, which states the defaults: ${response.redactor.excerpt(difference, 160)}`,
        );
      },
    }),
  ];
}
