import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { type UseSuspenseQueryResult, useSuspenseQuery } from '@tanstack/react-query';
import { instanceTypesQueryOptions } from './options/instanceTypesQueryOptions.js';
import type { ClientOption, InferenceInfraHookError } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

/** `useInstanceTypes` for a `<Suspense>` boundary: `data` is always there; a failure goes to the error boundary. */
export function useSuspenseInstanceTypes(
  query: ListInstanceTypesQuery = {},
  { client }: ClientOption = {},
): UseSuspenseQueryResult<ListInstanceTypesResponse, InferenceInfraHookError> {
  return useSuspenseQuery(instanceTypesQueryOptions(useInferenceInfraClient(client), query));
}
