import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { type CreateQueryResult, injectQuery } from '@tanstack/angular-query-experimental';
import type { Accessor } from '../accessor.js';
import { instanceTypesQueryOptions } from '../options/instanceTypesQueryOptions.js';
import { passThrough } from '../passThrough.js';
import type { InstanceTypesKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularQueryOptions, ClientOption } from './types.js';

/**
 * The instance types matching `query`, cheapest first. `query` is an accessor: the signals it reads are tracked, so
 * a new filter is a new key and the query follows it.
 */
export function injectInstanceTypesQuery(
  query: Accessor<ListInstanceTypesQuery> = () => ({}),
  options: Accessor<AngularQueryOptions<ListInstanceTypesResponse, InstanceTypesKey>> = () => ({}),
  { client }: ClientOption = {},
): CreateQueryResult<ListInstanceTypesResponse, InferenceInfraQueryError> {
  const resolved = injectInferenceInfraClient(client);
  return injectQuery(() => ({ ...instanceTypesQueryOptions(resolved, query()), ...passThrough(options()) }));
}
