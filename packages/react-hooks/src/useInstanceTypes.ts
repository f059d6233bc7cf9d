import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import { instanceTypesQueryOptions } from './options/instanceTypesQueryOptions.js';
import type { inferenceInfraKeys } from './queryKeys.js';
import type { InferenceInfraHookError, QueryHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/** The instance types matching `query`, cheapest first. */
export function useInstanceTypes(
  query: ListInstanceTypesQuery = {},
  {
    client,
    ...options
  }: QueryHookOptions<
    ListInstanceTypesResponse,
    ReturnType<typeof inferenceInfraKeys.instanceTypes.list>
  > = {},
): UseQueryResult<ListInstanceTypesResponse, InferenceInfraHookError> {
  return useQuery({
    ...instanceTypesQueryOptions(useInferenceInfraClient(client), query),
    ...passThrough(options),
  });
}
