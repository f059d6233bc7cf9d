import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { type UseSuspenseQueryResult, useSuspenseQuery } from '@tanstack/react-query';
import { passThrough } from './internal/passThrough.js';
import { instanceTypesQueryOptions } from './options/instanceTypesQueryOptions.js';
import type { inferenceInfraKeys } from './queryKeys.js';
import type { InferenceInfraHookError, SuspenseQueryHookOptions } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/** `useInstanceTypes` for a `<Suspense>` boundary: `data` is always there; a failure goes to the error boundary. */
export function useSuspenseInstanceTypes(
  query: ListInstanceTypesQuery = {},
  {
    client,
    ...options
  }: SuspenseQueryHookOptions<
    ListInstanceTypesResponse,
    ReturnType<typeof inferenceInfraKeys.instanceTypes.list>
  > = {},
): UseSuspenseQueryResult<ListInstanceTypesResponse, InferenceInfraHookError> {
  return useSuspenseQuery({
    ...instanceTypesQueryOptions(useInferenceInfraClient(client), query),
    ...passThrough(options),
  });
}
