import type { QueryKey } from '@tanstack/query-core';
import type {
  AdapterInfiniteQueryOptions,
  AdapterMutationOptions,
  AdapterQueryOptions,
  ClientOption as SharedClientOption,
} from '../adapterOptions.js';

/** Every query takes the client from `setInferenceInfraClientContext`, or this one when given. */
export type ClientOption = SharedClientOption;

/**
 * TanStack options a query passes through (`enabled`, `staleTime`, `retry`, ...), returned by an accessor
 * as svelte-query's own options are, so a signal read in it (`enabled: asked()`) is tracked. The key and the query
 * function come from the factory; for `select` or `initialData` (which picks svelte-query's overload), spread the
 * factory into `createQuery` yourself.
 */
export type SvelteQueryOptions<TQueryFnData, TQueryKey extends QueryKey> = AdapterQueryOptions<
  TQueryFnData,
  TQueryKey
>;

/** The same for the infinite query, less the paging, which follows the client's rule. */
export type SvelteInfiniteQueryOptions<
  TQueryFnData,
  TQueryKey extends QueryKey,
  TPageParam,
> = AdapterInfiniteQueryOptions<TQueryFnData, TQueryKey, TPageParam>;

/**
 * TanStack options a mutation passes through, callbacks included. Where the factory has an `onSuccess` of
 * its own (the resize's cache update), the mutation's runs after it.
 */
export type SvelteMutationOptions<TData, TVariables> = AdapterMutationOptions<TData, TVariables>;
