import type { QueryKey } from '@tanstack/query-core';
import type {
  AdapterInfiniteQueryOptions,
  AdapterMutationOptions,
  AdapterQueryOptions,
  ClientOption as SharedClientOption,
} from '../adapterOptions.js';

/** Every primitive takes the client from `InferenceInfraProvider`, or this one when given. */
export type ClientOption = SharedClientOption;

/**
 * TanStack options a query primitive passes through (`enabled`, `staleTime`, `retry`, ...), returned by an accessor
 * as solid-query's own options are, so a signal read in it (`enabled: asked()`) is tracked. The key and the query
 * function come from the factory; for `select` or `initialData` (which picks solid-query's overload), spread the
 * factory into `useQuery` yourself.
 */
export type SolidQueryOptions<TQueryFnData, TQueryKey extends QueryKey> = AdapterQueryOptions<
  TQueryFnData,
  TQueryKey
>;

/** The same for the infinite query, less the paging, which follows the client's rule. */
export type SolidInfiniteQueryOptions<
  TQueryFnData,
  TQueryKey extends QueryKey,
  TPageParam,
> = AdapterInfiniteQueryOptions<TQueryFnData, TQueryKey, TPageParam>;

/**
 * TanStack options a mutation primitive passes through, callbacks included. Where the factory has an `onSuccess` of
 * its own (the resize's cache update), the primitive's runs after it.
 */
export type SolidMutationOptions<TData, TVariables> = AdapterMutationOptions<TData, TVariables>;
