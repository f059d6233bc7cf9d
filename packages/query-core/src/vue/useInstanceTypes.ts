import type { ListInstanceTypesQuery, ListInstanceTypesResponse } from '@inference-infra/types';
import { type UseQueryReturnType, useQuery } from '@tanstack/vue-query';
import { type MaybeRefOrGetter, toValue } from 'vue';
import { instanceTypesQueryOptions } from '../options/instanceTypesQueryOptions.js';
import type { InstanceTypesKey } from '../queryKeys.js';
import type { InferenceInfraQueryError } from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import { reactiveOptions } from './reactiveOptions.js';
import type { VueQueryOptions } from './types.js';

/**
 * The instance types matching `query`, cheapest first. `query` may be a ref, a reactive object or a getter: a new
 * value is a new key, so the query follows the filters as they change.
 */
export function useInstanceTypes(
  query: MaybeRefOrGetter<ListInstanceTypesQuery> = {},
  { client, ...options }: VueQueryOptions<ListInstanceTypesResponse, InstanceTypesKey> = {},
): UseQueryReturnType<ListInstanceTypesResponse, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useQuery(() => ({
    ...instanceTypesQueryOptions(resolved, { ...toValue(query) }),
    ...reactiveOptions(options),
  }));
}
