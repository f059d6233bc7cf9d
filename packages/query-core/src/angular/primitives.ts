import { inject } from '@angular/core';
import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import {
  type CreateInfiniteQueryResult,
  type CreateMutationResult,
  type CreateQueryResult,
  injectInfiniteQuery,
  injectMutation,
  injectQuery,
  QueryClient,
} from '@tanstack/angular-query-experimental';
import type { InfiniteData, QueryKey } from '@tanstack/query-core';
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
import { injectInferenceInfraClient } from './clientInjection.js';
import type { AngularInfiniteQueryOptions, AngularMutationOptions, AngularQueryOptions } from './types.js';

// The primitives every operation's are made of (operations.gen.ts), as angular-query's own wrap its primitives: the
// client from the provider, the options built inside angular-query's accessor so the signals they read are tracked.

export function injectOperationQuery<TData, TKey extends QueryKey>(
  build: (client: InferenceInfraClient) => InferenceInfraQueryOptions<TData, TKey>,
  options: Accessor<AngularQueryOptions<TData, TKey>>,
  client: InferenceInfraClient | undefined,
): CreateQueryResult<TData, InferenceInfraQueryError> {
  const resolved = injectInferenceInfraClient(client);
  return injectQuery(() => ({ ...build(resolved), ...passThrough(options()) }));
}

/** A streamed query: `refetchMode` goes to the builder, the other options to solid-query. */
export function injectOperationStreamQuery<TData, TKey extends QueryKey>(
  build: (
    client: InferenceInfraClient,
    refetchMode?: StreamRefetchMode,
  ) => InferenceInfraQueryOptions<TData, TKey>,
  options: Accessor<AngularQueryOptions<TData, TKey> & { refetchMode?: StreamRefetchMode }>,
  client: InferenceInfraClient | undefined,
): CreateQueryResult<TData, InferenceInfraQueryError> {
  const resolved = injectInferenceInfraClient(client);
  return injectQuery(() => {
    const { refetchMode, ...rest } = options();
    return { ...build(resolved, refetchMode), ...passThrough(rest) };
  });
}

export function injectOperationInfiniteQuery<TData, TKey extends QueryKey, TPageParam>(
  build: (client: InferenceInfraClient) => InferenceInfraInfiniteQueryOptions<TData, TKey, TPageParam>,
  options: Accessor<AngularInfiniteQueryOptions<TData, TKey, TPageParam>>,
  client: InferenceInfraClient | undefined,
): CreateInfiniteQueryResult<InfiniteData<TData, TPageParam>, InferenceInfraQueryError> {
  const resolved = injectInferenceInfraClient(client);
  return injectInfiniteQuery(() => ({ ...build(resolved), ...passThrough(options()) }));
}

/** The QueryClient goes to the builder of an operation with a cache update (the resize's). */
export function injectOperationMutation<TData, TVariables>(
  build: (
    client: InferenceInfraClient,
    queryClient: CacheWriter,
  ) => InferenceInfraMutationOptions<TData, TVariables>,
  { client, ...options }: AngularMutationOptions<TData, TVariables>,
): CreateMutationResult<TData, InferenceInfraQueryError, TVariables, unknown> {
  const built = build(injectInferenceInfraClient(client), inject(QueryClient));
  return injectMutation(() => withCallerOptions(built, options));
}
