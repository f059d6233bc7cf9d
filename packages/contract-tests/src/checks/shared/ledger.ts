import type { BillingTransaction, ListBillingTransactionsResponse } from '@inference-infra/types';
import { type CheckContext, skipCheck } from '../../engine/check.js';
import { fail, jsonOf } from '../../judgements/answers.js';
import type { SpecOperation } from '../../model/spec.js';
import type { ContractResponse } from '../../transport/http.js';
import { expectAnswer } from './requests.js';

/**
 * The most pages a ledger walk reads (of the largest page size). A longer ledger is not a failure: the checks that
 * need the whole of it are reported skipped, with this reason.
 */
export const maxPages = 100;

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
