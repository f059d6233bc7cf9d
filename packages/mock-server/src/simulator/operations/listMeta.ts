import type { PaginationMeta } from '@inference-infra/types';
import type { ResolvedSimulatorOptions } from '../simulatorOptions.js';

/** `meta` of a list answer: `requestId` always, `hasMore` and `total` as the `listMeta` option chooses. */
export function listMeta(
  options: ResolvedSimulatorOptions,
  requestId: string,
  hasMore: boolean,
  total: number,
): PaginationMeta {
  const meta: PaginationMeta = { requestId };
  if (options.listMeta === 'hasMore-and-total' || options.listMeta === 'hasMore') meta.hasMore = hasMore;
  if (options.listMeta === 'hasMore-and-total' || options.listMeta === 'total') meta.total = total;
  return meta;
}
