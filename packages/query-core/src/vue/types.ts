import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type {
  InfiniteQueryObserverOptions,
  MutationObserverOptions,
  QueryKey,
  QueryObserverOptions,
} from '@tanstack/query-core';
import type { MaybeRefOrGetter } from 'vue';
import type { InferenceInfraQueryError } from '../types.js';

/** Every composable takes the client from `InferenceInfraPlugin`, or this one when given. */
export interface ClientOption {
  client?: InferenceInfraClient;
}

/**
 * TanStack options a query composable passes through (`staleTime`, `retry`, `meta`, ...); the key and the query
 * function come from the factory. `enabled` may be a ref or a getter, as in vue-query: the query waits until it is
 * true. For `select`, spread the factory into `useQuery` yourself.
 */
export type VueQueryOptions<TQueryFnData, TQueryKey extends QueryKey> = ClientOption &
  Omit<
    QueryObserverOptions<TQueryFnData, InferenceInfraQueryError, TQueryFnData, TQueryFnData, TQueryKey>,
    'queryKey' | 'queryFn' | 'select' | 'enabled'
  > & { enabled?: MaybeRefOrGetter<boolean | undefined> };

/** The same for the infinite query, less the paging, which follows the client's rule. */
export type VueInfiniteQueryOptions<TQueryFnData, TQueryKey extends QueryKey, TPageParam> = ClientOption &
  Omit<
    InfiniteQueryObserverOptions<TQueryFnData, InferenceInfraQueryError, unknown, TQueryKey, TPageParam>,
    | 'queryKey'
    | 'queryFn'
    | 'select'
    | 'enabled'
    | 'initialPageParam'
    | 'getNextPageParam'
    | 'getPreviousPageParam'
  > & { enabled?: MaybeRefOrGetter<boolean | undefined> };

/**
 * TanStack options a mutation composable passes through, callbacks included. Where the factory has an `onSuccess`
 * of its own (the resize's cache update), the composable's runs after it.
 */
export type VueMutationOptions<TData, TVariables> = ClientOption &
  Omit<MutationObserverOptions<TData, InferenceInfraQueryError, TVariables>, 'mutationFn' | 'mutationKey'>;
