import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { type InstanceTypesKey, inferenceInfraKeys } from '../queryKeys.js';
import { shouldRetryQuery } from '../retryPolicy.js';
import type { InferenceInfraQueryOptions } from '../types.js';

/**
 * The instance types matching `query` (`gpu_type`, `region`, `gpu_count`), cheapest first. For any adapter's query
 * hook, `queryClient.prefetchQuery` and server rendering alike.
 */
export function instanceTypesQueryOptions(
  client: InferenceInfraClient,
  query: ListInstanceTypesQuery = {},
): InferenceInfraQueryOptions<ListInstanceTypesResponse, InstanceTypesKey> {
  return {
    queryKey: inferenceInfraKeys.instanceTypes.list(query),
    // TanStack's signal aborts the request when the query is cancelled or its last observer leaves.
    queryFn: ({ signal }) => client.instances.listTypes(query, { signal }),
    retry: shouldRetryQuery,
  };
}
