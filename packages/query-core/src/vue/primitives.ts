import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { InfiniteData, QueryKey } from '@tanstack/query-core';
import {
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryReturnType,
  type UseMutationReturnType,
  type UseQueryOptions,
  type UseQueryReturnType,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/vue-query';
import { withCallerOptions } from '../callerOptions.js';
import type {
  CacheWriter,
  InferenceInfraInfiniteQueryOptions,
  InferenceInfraMutationOptions,
  InferenceInfraQueryError,
  InferenceInfraQueryOptions,
} from '../types.js';
import { useInferenceInfraClient } from './clientInjection.js';
import { reactiveOptions } from './reactiveOptions.js';
import type { VueInfiniteQueryOptions, VueMutationOptions, VueQueryOptions } from './types.js';

// The composables every operation's are made of (operations.gen.ts), as vue-query's own wrap its primitives: the
// client from the plugin, the options built inside vue-query's getter so the refs they read are tracked.

export function useOperationQuery<TData, TKey extends QueryKey>(
  build: (client: InferenceInfraClient) => InferenceInfraQueryOptions<TData, TKey>,
  { client, ...options }: VueQueryOptions<TData, TKey>,
): UseQueryReturnType<TData, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  // Spelt out: a spread of generic options matches none of vue-query's overloads by inference alone.
  return useQuery<TData, InferenceInfraQueryError, TData, TKey>(
    () =>
      ({ ...build(resolved), ...reactiveOptions(options) }) as UseQueryOptions<
        TData,
        InferenceInfraQueryError,
        TData,
        TData,
        TKey
      >,
  );
}

export function useOperationInfiniteQuery<TData, TKey extends QueryKey, TPageParam>(
  build: (client: InferenceInfraClient) => InferenceInfraInfiniteQueryOptions<TData, TKey, TPageParam>,
  { client, ...options }: VueInfiniteQueryOptions<TData, TKey, TPageParam>,
): UseInfiniteQueryReturnType<InfiniteData<TData, TPageParam>, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useInfiniteQuery<TData, InferenceInfraQueryError, InfiniteData<TData, TPageParam>, TKey, TPageParam>(
    () =>
      // Through unknown: vue-query maps every option to a deep ref, which TypeScript cannot relate to generic ones.
      ({ ...build(resolved), ...reactiveOptions(options) }) as unknown as UseInfiniteQueryOptions<
        TData,
        InferenceInfraQueryError,
        InfiniteData<TData, TPageParam>,
        TKey,
        TPageParam
      >,
  );
}

/** The QueryClient goes to the builder of an operation with a cache update (the resize's). */
export function useOperationMutation<TData, TVariables>(
  build: (
    client: InferenceInfraClient,
    queryClient: CacheWriter,
  ) => InferenceInfraMutationOptions<TData, TVariables>,
  { client, ...options }: VueMutationOptions<TData, TVariables>,
): UseMutationReturnType<TData, InferenceInfraQueryError, TVariables, unknown> {
  return useMutation(withCallerOptions(build(useInferenceInfraClient(client), useQueryClient()), options));
}
