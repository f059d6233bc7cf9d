import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { instanceTypesQueryOptions as coreOptions } from '@inference-infra/query-core';
import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { queryOptions } from '@tanstack/react-query';
import type { inferenceInfraKeys } from '../queryKeys.js';
import type { InferenceInfraHookError } from '../types.js';

/**
 * The instance types matching `query` (`gpu_type`, `region`, `gpu_count`), cheapest first. For `useQuery`,
 * `useSuspenseQuery`, `queryClient.prefetchQuery` and server rendering alike.
 */
export function instanceTypesQueryOptions(client: InferenceInfraClient, query: ListInstanceTypesQuery = {}) {
  // The options are query-core's; react-query's `queryOptions` only gives them React's types.
  return queryOptions<
    ListInstanceTypesResponse,
    InferenceInfraHookError,
    ListInstanceTypesResponse,
    ReturnType<typeof inferenceInfraKeys.instanceTypes.list>
  >(coreOptions(client, query));
}
