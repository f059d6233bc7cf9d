import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type {
  InfiniteQueryObserverOptions,
  MutationObserverOptions,
  QueryKey,
  QueryObserverOptions,
} from '@tanstack/query-core';
import type { InferenceInfraQueryError } from './types.js';

/**
 * The options the Solid, Svelte and Angular adapters take, written once: each framework's `types.ts` names them
 * in its own words (`SolidQueryOptions`...).
 */

/** A client of its own for one query or mutation, over the one the framework's context provides. */
export interface ClientOption {
  client?: InferenceInfraClient;
}

/** TanStack options a query passes through; the key and the query function come from the factory. */
export type AdapterQueryOptions<TQueryFnData, TQueryKey extends QueryKey> = Omit<
  QueryObserverOptions<TQueryFnData, InferenceInfraQueryError, TQueryFnData, TQueryFnData, TQueryKey>,
  'queryKey' | 'queryFn' | 'select' | 'initialData'
>;

/** The same for the infinite query, less the paging, which follows the client's rule. */
export type AdapterInfiniteQueryOptions<TQueryFnData, TQueryKey extends QueryKey, TPageParam> = Omit<
  InfiniteQueryObserverOptions<TQueryFnData, InferenceInfraQueryError, unknown, TQueryKey, TPageParam>,
  | 'queryKey'
  | 'queryFn'
  | 'select'
  | 'initialData'
  | 'initialPageParam'
  | 'getNextPageParam'
  | 'getPreviousPageParam'
>;

/** TanStack options a mutation passes through, callbacks included. */
export type AdapterMutationOptions<TData, TVariables> = ClientOption &
  Omit<MutationObserverOptions<TData, InferenceInfraQueryError, TVariables>, 'mutationFn' | 'mutationKey'>;
