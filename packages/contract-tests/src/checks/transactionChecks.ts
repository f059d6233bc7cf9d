import type { BillingTransaction, ListBillingTransactionsResponse } from '@inference-infra/types';
import type { ContractSpec, SpecOperation } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, parameterEntry } from '../promises/coverageIds.js';
import type { ContractResponse } from '../run/http.js';
import { type CheckContext, type ContractCheck, skipCheck } from './check.js';
import { expectAnswer, fail, jsonOf } from './requests.js';

const operationId = 'listBillingTransactions';

/**
 * The most pages a ledger walk reads (of the largest page size). A longer ledger is not a failure: the checks that
 * need the whole of it are reported skipped, with this reason.
 */
const maxPages = 100;

interface Ledger {
  items: BillingTransaction[];
  pages: ContractResponse[];
}

export function numberParameter(
  op: SpecOperation,
  name: string,
  key: 'default' | 'minimum' | 'maximum',
): number | undefined {
  const value = op.parameters.find((p) => p.name === name)?.schema[key];
  return typeof value === 'number' ? value : undefined;
}

/** The id of the newest transaction matching the query, to tell whether the ledger grew while it was read. */
async function newestId(ctx: CheckContext, op: SpecOperation, query: Record<string, string>) {
  const response = await expectAnswer(ctx, { op, query: { ...query, limit: '1', offset: '0' } }, 200);
  return jsonOf<ListBillingTransactionsResponse>(response).data[0]?.id;
}

/**
 * Ends the check as skipped when the ledger gained a transaction since the walk began (the account is in use): paging
 * through a list that grows at its head repeats items and moves totals, which is no fault of the server.
 */
export async function skipIfGrown(
  ctx: CheckContext,
  op: SpecOperation,
  query: Record<string, string>,
  firstId?: string,
) {
  const now = await newestId(ctx, op, query);
  if (now !== firstId) {
    skipCheck(
      `the ledger grew during the run (its newest transaction went from ${firstId ?? 'none'} to ${now ?? 'none'}): paging checks need an account nothing is billed to while they run`,
    );
  }
}

/**
 * Reads the ledger page by page at the largest page size, checking on the way that each page agrees with paging:
 * never more than `limit` items, `hasMore` true exactly while `offset + count < total`, one `total` for all pages. A
 * page may hold fewer than `limit` items while more follow (the spec lets a server cap its pages: clients page by
 * `hasMore`, then `total`, then a short page).
 */
export async function walkLedger(
  ctx: CheckContext,
  op: SpecOperation,
  query: Record<string, string> = {},
  pages: { limit?: number; from?: number } = {},
): Promise<Ledger> {
  const limit = pages.limit ?? numberParameter(op, 'limit', 'maximum') ?? 100;
  const from = pages.from ?? 0;
  const ledger: Ledger = { items: [], pages: [] };
  let firstTotal: number | undefined;
  let firstId: string | undefined;
  let complete = false;
  let saidMore = false;
  let previousCount = 0;
  // The newest transaction, to tell a ledger that grew meanwhile: the first item of a walk from 0, else asked first.
  if (from > 0) firstId = await newestId(ctx, op, query);
  for (let offset = from, page = 0; page < maxPages; page += 1) {
    const response = await expectAnswer(
      ctx,
      { op, query: { ...query, limit: String(limit), offset: String(offset) } },
      200,
    );
    const { data, meta } = jsonOf<ListBillingTransactionsResponse>(response);
    ledger.pages.push(response);
    ledger.items.push(...data);
    if (page === 0 && from === 0) firstId = data[0]?.id;
    if (data.length > limit) fail(response, `answered ${data.length} items for limit ${limit}`);
    if (meta.total !== undefined) {
      if (firstTotal === undefined) firstTotal = meta.total;
      if (meta.total !== firstTotal) {
        await skipIfGrown(ctx, op, query, firstId);
        fail(response, `meta.total changed from ${firstTotal} to ${meta.total} between pages`);
      }
      if (meta.hasMore !== undefined && meta.hasMore !== offset + data.length < meta.total) {
        fail(
          response,
          `meta.hasMore is ${meta.hasMore}, but offset ${offset} + ${data.length} items vs meta.total ${meta.total} says ${!meta.hasMore}`,
        );
      }
    }
    // A page said more follow, and the next has none: an exactly full last page that claimed a next one.
    if (data.length === 0 && saidMore) {
      await skipIfGrown(ctx, op, query, firstId);
      fail(
        response,
        `the page before (offset ${offset - previousCount}) said meta.hasMore true, but offset ${offset} holds no item`,
      );
    }
    saidMore = meta.hasMore === true;
    previousCount = data.length;
    const more =
      meta.hasMore ?? (meta.total !== undefined ? offset + data.length < meta.total : data.length === limit);
    if (!more || data.length === 0) {
      complete = true;
      break;
    }
    offset += data.length;
  }
  if (!complete) {
    skipCheck(
      `the ledger${Object.keys(query).length > 0 ? ` (${new URLSearchParams(query)})` : ''} holds more than the ${ledger.items.length} transactions of ${maxPages} pages the suite reads`,
    );
  }
  const last = ledger.pages[ledger.pages.length - 1];
  const ids = ledger.items.map((item) => item.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  const counted = from + ledger.items.length;
  if (last && (duplicate || (firstTotal !== undefined && firstTotal !== counted))) {
    await skipIfGrown(ctx, op, query, firstId);
  }
  if (last && firstTotal !== undefined && firstTotal !== counted) {
    fail(
      last,
      `meta.total is ${firstTotal}, but paging through the ledger from offset ${from} by ${limit} gave ${ledger.items.length} items`,
    );
  }
  if (last && duplicate) fail(last, `transaction ${duplicate} appears on two pages`);
  return ledger;
}

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
