import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import {
  type CacheWriter,
  type InferenceInfraInfiniteQueryOptions,
  type InferenceInfraMutationOptions,
  type InferenceInfraQueryOptions,
  withCallerOptions,
} from '@inference-infra/query-core';
import {
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
  type UseSuspenseQueryResult,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import type {
  InferenceInfraHookError,
  InfiniteQueryHookOptions,
  InfiniteQueryHookResult,
  MutationHookOptions,
  QueryHookOptions,
  SuspenseInfiniteQueryHookOptions,
  SuspenseInfiniteQueryHookResult,
  SuspenseQueryHookOptions,
} from '../types.js';
import { useInferenceInfraClient } from '../useInferenceInfraClient.js';
import { passThrough } from './passThrough.js';

// The hooks every operation's are made of (hooks.gen.ts), as TanStack's own hooks wrap one primitive each: the client
// from the provider, the operation's options from query-core, the caller's options over them.

type Build<TOptions> = (client: InferenceInfraClient) => TOptions;

export function useOperationQuery<TData, TKey extends QueryKey>(
  build: Build<InferenceInfraQueryOptions<TData, TKey>>,
  { client, ...options }: QueryHookOptions<TData, TKey>,
): UseQueryResult<TData, InferenceInfraHookError> {
  return useQuery({ ...build(useInferenceInfraClient(client)), ...passThrough(options) });
}

export function useSuspenseOperationQuery<TData, TKey extends QueryKey>(
  build: Build<InferenceInfraQueryOptions<TData, TKey>>,
  { client, ...options }: SuspenseQueryHookOptions<TData, TKey>,
): UseSuspenseQueryResult<TData, InferenceInfraHookError> {
  return useSuspenseQuery({ ...build(useInferenceInfraClient(client)), ...passThrough(options) });
}

export function useOperationInfiniteQuery<TData, TKey extends QueryKey, TPageParam>(
  build: Build<InferenceInfraInfiniteQueryOptions<TData, TKey, TPageParam>>,
  { client, ...options }: InfiniteQueryHookOptions<TData, TKey, TPageParam>,
): InfiniteQueryHookResult<TData, TPageParam> {
  return useInfiniteQuery({ ...build(useInferenceInfraClient(client)), ...passThrough(options) });
}

export function useSuspenseOperationInfiniteQuery<TData, TKey extends QueryKey, TPageParam>(
  build: Build<InferenceInfraInfiniteQueryOptions<TData, TKey, TPageParam>>,
  { client, ...options }: SuspenseInfiniteQueryHookOptions<TData, TKey, TPageParam>,
): SuspenseInfiniteQueryHookResult<TData, TPageParam> {
  return useSuspenseInfiniteQuery({ ...build(useInferenceInfraClient(client)), ...passThrough(options) });
}

/** The QueryClient goes to the builder of an operation with a cache update (the resize's). */
export function useOperationMutation<TData, TVariables>(
  build: (
    client: InferenceInfraClient,
    queryClient: CacheWriter,
  ) => InferenceInfraMutationOptions<TData, TVariables>,
  { client, ...options }: MutationHookOptions<TData, TVariables>,
): UseMutationResult<TData, InferenceInfraHookError, TVariables> {
  return useMutation(withCallerOptions(build(useInferenceInfraClient(client), useQueryClient()), options));
}
