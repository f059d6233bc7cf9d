import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { InfiniteData, QueryKey } from '@tanstack/query-core';
import {
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/solid-query';
import type { Accessor } from 'solid-js';
import { withCallerOptions } from '../callerOptions.js';
import { passThrough } from '../passThrough.js';
import type { StreamRefetchMode } from '../streamedQueryOptions.js';
import type {
  CacheWriter,
  InferenceInfraInfiniteQueryOptions,
  InferenceInfraMutationOptions,
  InferenceInfraQueryError,
  InferenceInfraQueryOptions,
} from '../types.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { SolidInfiniteQueryOptions, SolidMutationOptions, SolidQueryOptions } from './types.js';

// The primitives every operation's are made of (operations.gen.ts), as solid-query's own wrap its primitives: the
// client from the provider, the options built inside solid-query's accessor so the signals they read are tracked.

export function useOperationQuery<TData, TKey extends QueryKey>(
  build: (client: InferenceInfraClient) => InferenceInfraQueryOptions<TData, TKey>,
  options: Accessor<SolidQueryOptions<TData, TKey>>,
  client: InferenceInfraClient | undefined,
): UseQueryResult<TData, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useQuery(() => ({ ...build(resolved), ...passThrough(options()) }));
}

/** A streamed query: `refetchMode` goes to the builder, the other options to solid-query. */
export function useOperationStreamQuery<TData, TKey extends QueryKey>(
  build: (
    client: InferenceInfraClient,
    refetchMode?: StreamRefetchMode,
  ) => InferenceInfraQueryOptions<TData, TKey>,
  options: Accessor<SolidQueryOptions<TData, TKey> & { refetchMode?: StreamRefetchMode }>,
  client: InferenceInfraClient | undefined,
): UseQueryResult<TData, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useQuery(() => {
    const { refetchMode, ...rest } = options();
    return { ...build(resolved, refetchMode), ...passThrough(rest) };
  });
}

export function useOperationInfiniteQuery<TData, TKey extends QueryKey, TPageParam>(
  build: (client: InferenceInfraClient) => InferenceInfraInfiniteQueryOptions<TData, TKey, TPageParam>,
  options: Accessor<SolidInfiniteQueryOptions<TData, TKey, TPageParam>>,
  client: InferenceInfraClient | undefined,
): UseInfiniteQueryResult<InfiniteData<TData, TPageParam>, InferenceInfraQueryError> {
  const resolved = useInferenceInfraClient(client);
  return useInfiniteQuery(() => ({ ...build(resolved), ...passThrough(options()) }));
}

/** The QueryClient goes to the builder of an operation with a cache update (the resize's). */
export function useOperationMutation<TData, TVariables>(
  build: (
    client: InferenceInfraClient,
    queryClient: CacheWriter,
  ) => InferenceInfraMutationOptions<TData, TVariables>,
  { client, ...options }: SolidMutationOptions<TData, TVariables>,
): UseMutationResult<TData, InferenceInfraQueryError, TVariables, unknown> {
  const built = build(useInferenceInfraClient(client), useQueryClient());
  return useMutation(() => withCallerOptions(built, options));
}
