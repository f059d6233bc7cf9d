import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { type CreateQueryResult, createQuery } from '@tanstack/svelte-query';
import type { Accessor } from '../accessor.js';
import { instanceTypesQueryOptions } from '../options/instanceTypesQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { InstanceTypesKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { ClientOption, SvelteQueryOptions } from './types.js';

/**
 * The instance types matching `query`, cheapest first. `query` is an accessor: the signals it reads are tracked, so
 * a new filter is a new key and the query follows it.
 */
export function createInstanceTypesQuery(
  query: Accessor<ListInstanceTypesQuery> = () => ({}),
  options: Accessor<SvelteQueryOptions<ListInstanceTypesResponse, InstanceTypesKey>> = () => ({}),
  { client }: ClientOption = {},
): CreateQueryResult<ListInstanceTypesResponse, InferenceInfraQueryError> {
  const resolved = getInferenceInfraClientContext(client);
  return createQuery(() => ({ ...instanceTypesQueryOptions(resolved, query()), ...passThrough(options()) }));
}
