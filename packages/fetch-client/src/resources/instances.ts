import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import type { APIPromise } from '../apiPromise.js';
import type { CallOptions, CoreClient } from '../internal/createCoreClient.js';
import type { WithRequestId } from '../internal/withRequestId.js';

export function instancesResource(core: CoreClient) {
  return {
    /** GPU instance types that can be rented, cheapest first; filters combine with AND. */
    listTypes(
      query: ListInstanceTypesQuery = {},
      options?: CallOptions,
    ): APIPromise<WithRequestId<ListInstanceTypesResponse>> {
      return core.call('GET', '/api/v1/instances/types', { params: { query } }, options);
    },
  };
}

export type InstancesResource = ReturnType<typeof instancesResource>;
