import type { ListInstanceTypesQuery } from '@inference-infra/types';
import { byPrice } from '../catalogue.js';
import { listMeta } from './listMeta.js';
import { type Operation, ok } from './operationContext.js';

/** Every filter exact and combined with AND, cheapest first, in one page (assumption `instance-types-single-page`). */
export const listInstanceTypes: Operation = ({ parts, state, options, requestId }) => {
  const { gpu_type, region, gpu_count } = parts.query as ListInstanceTypesQuery;
  const data = state.instanceTypes
    .filter(
      (type) =>
        (gpu_type === undefined || type.gpu_type === gpu_type) &&
        (region === undefined || type.region === region) &&
        (gpu_count === undefined || type.gpu_count === gpu_count),
    )
    .sort(byPrice);
  return ok({ data, meta: listMeta(options, requestId, false, data.length) });
};
