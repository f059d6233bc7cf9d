import type { ListBillingTransactionsQuery } from '@inference-infra/types';
import { listMeta } from './listMeta.js';
import { type Operation, ok } from './operationContext.js';

/** A page of the workspace's ledger, newest first; past the end an empty page, never an error. */
export const listBillingTransactions: Operation = ({ parts, workspace, options, requestId }) => {
  // The validators filled in the spec's defaults (limit 50, offset 0).
  const { limit, offset, type } = parts.query as Required<
    Pick<ListBillingTransactionsQuery, 'limit' | 'offset'>
  > &
    ListBillingTransactionsQuery;
  const matching =
    type === undefined ? workspace.ledger : workspace.ledger.filter((entry) => entry.type === type);
  const pageSize = Math.min(limit, options.maxPageSize);
  const data = matching.slice(offset, offset + pageSize).map((entry) => entry.transaction);
  return ok({
    data,
    meta: listMeta(options, requestId, offset + data.length < matching.length, matching.length),
  });
};
