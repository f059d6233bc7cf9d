import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { queryOptions } from '@tanstack/react-query';
import { inferenceInfraKeys } from '../queryKeys.js';
import { shouldRetryQuery } from '../retryPolicy.js';
import type { InferenceInfraHookError } from '../types.js';

/**
 * The instance types matching `query` (`gpu_type`, `region`, `gpu_count`), cheapest first. For `useQuery`,
 * `useSuspenseQuery`, `queryClient.prefetchQuery` and server rendering alike.
 */
export function instanceTypesQueryOptions(client: InferenceInfraClient, query: ListInstanceTypesQuery = {}) {
  return queryOptions<
    ListInstanceTypesResponse,
    InferenceInfraHookError,
    ListInstanceTypesResponse,
    ReturnType<typeof inferenceInfraKeys.instanceTypes.list>
  >({
    queryKey: inferenceInfraKeys.instanceTypes.list(query),
    // TanStack's signal aborts the request when the query is cancelled or its last observer leaves.
    queryFn: ({ signal }) => client.instances.listTypes(query, { signal }),
    retry: shouldRetryQuery,
  });
}
