import type { ListBillingTransactionsResponse } from '@inference-infra/types';
import type { ContractCheck } from '../engine/check.js';
import { fail, jsonOf } from '../judgements/answers.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, parameterEntry } from '../promises/coverageIds.js';
import type { ContractResponse } from '../transport/http.js';
import { maxPages, numberParameter, skipIfGrown, walkLedger } from './shared/ledger.js';
import { expectAnswer } from './shared/requests.js';

const operationId = 'listBillingTransactions';

export function transactionChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation(operationId);
  const base = { operationId, tags: op.tags, mutates: false };
  const typeParameter = op.parameters.find((p) => p.name === 'type');
  const typeValues = (
    typeParameter ? (spec.resolve(typeParameter.schemaPointer).value.enum ?? []) : []
  ) as string[];

  return [
    {
      ...base,
      name: 'answers 200 with the first page at the default limit and meta.requestId',
      kind: 'response',
      requires: [],
      covers: answerCovers(spec, op, 200),
      async run(ctx) {
        const response = await expectAnswer(ctx, { op }, 200);
        const { data, meta } = jsonOf<ListBillingTransactionsResponse>(response);
        const limit = numberParameter(op, 'limit', 'default');
        if (limit !== undefined && data.length > limit)
          fail(response, `answered ${data.length} items, above the default limit ${limit}`);
        if (!meta?.requestId) fail(response, 'a list answer must carry meta.requestId');
      },
    },
    {
      ...base,
      name: 'honours limit (never more items, and exactly limit while more follow)',
      kind: 'semantic',
      requires: ['state'],
      covers: [parameterEntry(operationId, 'query', 'limit', 'honoured')],
      async run(ctx) {
        for (const limit of [1, 3]) {
          const response = await expectAnswer(ctx, { op, query: { limit: String(limit) } }, 200);
          const { data, meta } = jsonOf<ListBillingTransactionsResponse>(response);
          if (data.length > limit) fail(response, `answered ${data.length} items for limit ${limit}`);
          // Fewer than limit is allowed while more follow (a capped page), but not none at all.
          const more = meta.hasMore === true || (meta.total ?? 0) > limit;
          if (more && data.length === 0)
            fail(response, `answered no item for limit ${limit} while meta says more follow`);
        }
      },
    },
    {
      ...base,
      name: 'honours offset (the page at offset k starts with item k)',
      kind: 'semantic',
      requires: ['state'],
      covers: [parameterEntry(operationId, 'query', 'offset', 'honoured')],
      async run(ctx) {
        const first = await expectAnswer(ctx, { op, query: { limit: '5', offset: '0' } }, 200);
        const page = await expectAnswer(ctx, { op, query: { limit: '3', offset: '2' } }, 200);
        // Compared where both pages hold items: a server may cap its pages below the limit.
        const firstIds = jsonOf<ListBillingTransactionsResponse>(first).data.map((t) => t.id);
        const got = jsonOf<ListBillingTransactionsResponse>(page).data.map((t) => t.id);
        const expected = firstIds.slice(2, 2 + got.length);
        if (firstIds.length > 2 && got.length === 0)
          fail(page, 'answered no item at offset 2 of a longer ledger');
        if (got.slice(0, expected.length).join() !== expected.join()) {
          fail(
            page,
            `expected items 2..4 of the first page (${expected.join(', ')}), got ${got.join(', ') || 'none'}`,
          );
        }
      },
    },
    {
      ...base,
      name: 'meta.hasMore and meta.total agree with paging across the whole ledger',
      kind: 'semantic',
      requires: [],
      covers: [
        assumptionEntry('pagination-meta-optional-fields'),
        parameterEntry(operationId, 'query', 'limit', 'honoured'),
        parameterEntry(operationId, 'query', 'offset', 'honoured'),
      ],
      async run(ctx) {
        await walkLedger(ctx, op);
      },
    },
    {
      ...base,
      name: 'pages the same ledger, in the same order, at several page sizes (one ending on a full page) and twice',
      kind: 'semantic',
      requires: ['state'],
      covers: [
        parameterEntry(operationId, 'query', 'limit', 'honoured'),
        parameterEntry(operationId, 'query', 'offset', 'honoured'),
        assumptionEntry('pagination-meta-optional-fields'),
        assumptionEntry('transactions-newest-first'),
      ],
      async run(ctx) {
        const first = await walkLedger(ctx, op);
        const ids = first.items.map((item) => item.id);
        const last = first.pages[first.pages.length - 1] as ContractResponse;
        // A page size that ends exactly on a full last page, started at the offset that makes it so: a server that
        // says more follow whenever a page is full shows it there. Then a small size, and the first walk again.
        const full = Math.max(1, Math.min(numberParameter(op, 'limit', 'default') ?? 50, ids.length));
        const walks = [
          { limit: full, from: ids.length % full },
          { limit: 7, from: 0 },
          { limit: numberParameter(op, 'limit', 'maximum') ?? 100, from: 0 },
        ];
        for (const { limit, from } of walks) {
          if (Math.ceil((ids.length - from) / limit) > maxPages) continue;
          const walk = await walkLedger(ctx, op, {}, { limit, from });
          const got = walk.items.map((item) => item.id);
          const expected = ids.slice(from);
          const at = got.findIndex((id, index) => id !== expected[index]);
          if (at >= 0 || got.length !== expected.length) {
            await skipIfGrown(ctx, op, {}, ids[0]);
            fail(
              walk.pages[walk.pages.length - 1] ?? last,
              `paging by ${limit} from offset ${from} lists ${got.length} items${at >= 0 ? `, item ${from + at} is ${got[at]} where the first walk had ${expected[at]}` : ''} (the first walk, by the largest page, listed ${ids.length}): the order is not stable between requests`,
            );
          }
        }
      },
    },
    {
      ...base,
      name: 'answers an empty last page past the end of the ledger',
      kind: 'semantic',
      requires: ['state'],
      covers: [parameterEntry(operationId, 'query', 'offset', 'honoured')],
      async run(ctx) {
        const { items } = await walkLedger(ctx, op);
        const response = await expectAnswer(ctx, { op, query: { offset: String(items.length + 5) } }, 200);
        const { data, meta } = jsonOf<ListBillingTransactionsResponse>(response);
        if (data.length > 0)
          fail(response, `answered ${data.length} items past the end of a ${items.length}-item ledger`);
        if (meta.hasMore === true) fail(response, 'meta.hasMore is true past the end of the ledger');
      },
    },
    {
      ...base,
      name: `honours the type filter (${typeValues.join(', ')} partition the ledger)`,
      kind: 'semantic',
      requires: ['state'],
      covers: [parameterEntry(operationId, 'query', 'type', 'honoured')],
      async run(ctx) {
        const all = await walkLedger(ctx, op);
        const seen = new Map<string, string>();
        for (const type of typeValues) {
          const { items, pages } = await walkLedger(ctx, op, { type });
          const last = pages[pages.length - 1] as ContractResponse;
          for (const item of items) {
            const other = seen.get(item.id);
            if (other) fail(last, `transaction ${item.id} is listed as both ${other} and ${type}`);
            seen.set(item.id, type);
          }
        }
        const last = all.pages[all.pages.length - 1] as ContractResponse;
        const missing = all.items.filter((item) => !seen.has(item.id));
        const extra = [...seen.keys()].filter((id) => !all.items.some((item) => item.id === id));
        if (missing.length > 0 || extra.length > 0) {
          fail(
            last,
            `the type filters answer ${seen.size} transactions in all, the unfiltered ledger ${all.items.length} (${missing.length} missing, ${extra.length} not in the ledger)`,
          );
        }
      },
    },
    {
      ...base,
      name: 'lists transactions newest first (createdAt descending)',
      kind: 'semantic',
      requires: [],
      covers: [assumptionEntry('transactions-newest-first')],
      // Assumed by the spec (transactions-newest-first), so that pages taken in order neither skip nor repeat.
      async run(ctx) {
        const { items, pages } = await walkLedger(ctx, op);
        for (let i = 1; i < items.length; i += 1) {
          const before = Date.parse(items[i - 1]?.createdAt ?? '');
          const after = Date.parse(items[i]?.createdAt ?? '');
          if (after > before) {
            fail(
              pages[0] as ContractResponse,
              `transaction ${i} (${items[i]?.createdAt}) is newer than transaction ${i - 1} (${items[i - 1]?.createdAt})`,
            );
          }
        }
      },
    },
  ];
}
