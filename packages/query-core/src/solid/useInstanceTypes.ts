import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { type UseQueryResult, useQuery } from '@tanstack/solid-query';
import type { Accessor } from 'solid-js';
import { instanceTypesQueryOptions } from '../options/instanceTypesQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { InstanceTypesKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { ClientOption, SolidQueryOptions } from './types.js';

/**
 * The instance types matching `query`, cheapest first. `query` is an accessor: the signals it reads are tracked, so
 * a new filter is a new key and the query follows it.
 */
export function useInstanceTypes(
  query: Accessor<ListInstanceTypesQuery> = () => ({}),
  options: Accessor<SolidQueryOptions<ListInstanceTypesResponse, InstanceTypesKey>> = () => ({}),
  { client }: ClientOption = {},
): UseQueryResult<ListInstanceTypesResponse, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useQuery(() => ({ ...instanceTypesQueryOptions(resolved, query()), ...passThrough(options()) }));
}
