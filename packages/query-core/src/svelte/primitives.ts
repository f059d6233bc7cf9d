import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { InfiniteData, QueryKey } from '@tanstack/query-core';
import {
  type CreateInfiniteQueryResult,
  type CreateMutationResult,
  type CreateQueryResult,
  createInfiniteQuery,
  createMutation,
  createQuery,
  useQueryClient,
} from '@tanstack/svelte-query';
import type { Accessor } from '../accessor.js';
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
import { getInferenceInfraClientContext } from './clientContext.js';
import type { SvelteInfiniteQueryOptions, SvelteMutationOptions, SvelteQueryOptions } from './types.js';

// The primitives every operation's are made of (operations.gen.ts), as svelte-query's own wrap its primitives: the
// client from the context, the options built inside svelte-query's accessor so the runes they read are tracked.

export function createOperationQuery<TData, TKey extends QueryKey>(
  build: (client: InferenceInfraClient) => InferenceInfraQueryOptions<TData, TKey>,
  options: Accessor<SvelteQueryOptions<TData, TKey>>,
  client: InferenceInfraClient | undefined,
): CreateQueryResult<TData, InferenceInfraQueryError> {
  const resolved = getInferenceInfraClientContext(client);
  return createQuery(() => ({ ...build(resolved), ...passThrough(options()) }));
}

/** A streamed query: `refetchMode` goes to the builder, the other options to solid-query. */
export function createOperationStreamQuery<TData, TKey extends QueryKey>(
  build: (
    client: InferenceInfraClient,
    refetchMode?: StreamRefetchMode,
  ) => InferenceInfraQueryOptions<TData, TKey>,
  options: Accessor<SvelteQueryOptions<TData, TKey> & { refetchMode?: StreamRefetchMode }>,
  client: InferenceInfraClient | undefined,
): CreateQueryResult<TData, InferenceInfraQueryError> {
  const resolved = getInferenceInfraClientContext(client);
  return createQuery(() => {
    const { refetchMode, ...rest } = options();
    return { ...build(resolved, refetchMode), ...passThrough(rest) };
  });
}

export function createOperationInfiniteQuery<TData, TKey extends QueryKey, TPageParam>(
  build: (client: InferenceInfraClient) => InferenceInfraInfiniteQueryOptions<TData, TKey, TPageParam>,
  options: Accessor<SvelteInfiniteQueryOptions<TData, TKey, TPageParam>>,
  client: InferenceInfraClient | undefined,
): CreateInfiniteQueryResult<InfiniteData<TData, TPageParam>, InferenceInfraQueryError> {
  const resolved = getInferenceInfraClientContext(client);
  return createInfiniteQuery(() => ({ ...build(resolved), ...passThrough(options()) }));
}

/** The QueryClient goes to the builder of an operation with a cache update (the resize's). */
export function createOperationMutation<TData, TVariables>(
  build: (
    client: InferenceInfraClient,
    queryClient: CacheWriter,
  ) => InferenceInfraMutationOptions<TData, TVariables>,
  { client, ...options }: SvelteMutationOptions<TData, TVariables>,
): CreateMutationResult<TData, InferenceInfraQueryError, TVariables, unknown> {
  const built = build(getInferenceInfraClientContext(client), useQueryClient());
  return createMutation(() => withCallerOptions(built, options));
}
