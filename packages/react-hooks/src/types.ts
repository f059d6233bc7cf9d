import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { InferenceInfraQueryError } from '@inference-infra/query-core';
import type {
  InfiniteData,
  QueryKey,
  UseInfiniteQueryOptions,
  UseInfiniteQueryResult,
  UseMutationOptions,
  UseQueryOptions,
  UseSuspenseInfiniteQueryOptions,
  UseSuspenseInfiniteQueryResult,
  UseSuspenseQueryOptions,
} from '@tanstack/react-query';

/**
 * What a hook's `error` can be: the typed errors of the fetch client, so `instanceof` narrows to the detail
 * (`issues` of a validation error, `status` and `code` of an API error). The same union as every adapter's.
 */
export type InferenceInfraHookError = InferenceInfraQueryError;

/** Every hook takes the client from `<InferenceInfraProvider>`, or this one when given. */
export interface ClientOption {
  client?: InferenceInfraClient;
}

/**
 * TanStack options a query hook passes through (`enabled`, `staleTime`, `retry`, ...); the key and the query
 * function come from the options builder. For `select`, spread the builder into `useQuery` yourself:
 * `useQuery({ ...instanceTypesQueryOptions(client, query), select })` keeps the result typed.
 */
export type QueryHookOptions<TQueryFnData, TQueryKey extends QueryKey> = ClientOption &
  Omit<
    UseQueryOptions<TQueryFnData, InferenceInfraHookError, TQueryFnData, TQueryKey>,
    'queryKey' | 'queryFn' | 'select'
  >;

/**
 * TanStack options a suspense query hook passes through: those of `QueryHookOptions` less what TanStack's
 * `UseSuspenseQueryOptions` itself forbids (`enabled`, `placeholderData`, `throwOnError`).
 */
export type SuspenseQueryHookOptions<TQueryFnData, TQueryKey extends QueryKey> = ClientOption &
  Omit<
    UseSuspenseQueryOptions<TQueryFnData, InferenceInfraHookError, TQueryFnData, TQueryKey>,
    'queryKey' | 'queryFn' | 'select'
  >;

/**
 * TanStack options an infinite query hook passes through. The paging (`initialPageParam`, `getNextPageParam`,
 * `getPreviousPageParam`) belongs to the builder with the key and the query function: it follows the client's paging
 * rule, and a page parameter of another shape would not match the pages cached under the key.
 */
export type InfiniteQueryHookOptions<TQueryFnData, TQueryKey extends QueryKey, TPageParam> = ClientOption &
  Omit<
    UseInfiniteQueryOptions<
      TQueryFnData,
      InferenceInfraHookError,
      InfiniteData<TQueryFnData, TPageParam>,
      TQueryKey,
      TPageParam
    >,
    'queryKey' | 'queryFn' | 'select' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam'
  >;

/** The same for the suspense infinite query, whose `data` is always there. */
export type SuspenseInfiniteQueryHookOptions<
  TQueryFnData,
  TQueryKey extends QueryKey,
  TPageParam,
> = ClientOption &
  Omit<
    UseSuspenseInfiniteQueryOptions<
      TQueryFnData,
      InferenceInfraHookError,
      InfiniteData<TQueryFnData, TPageParam>,
      TQueryKey,
      TPageParam
    >,
    'queryKey' | 'queryFn' | 'select' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam'
  >;

/**
 * TanStack options a mutation hook passes through, callbacks included (`onMutate`, `onSuccess`, `onError`,
 * `onSettled`). Where the builder has an `onSuccess` of its own (the cache update of `useResizeVolume`), the hook's
 * runs after it, and per-call `mutate(variables, { onSuccess })` callbacks after both.
 */
export type MutationHookOptions<TData, TVariables> = ClientOption &
  Omit<UseMutationOptions<TData, InferenceInfraHookError, TVariables>, 'mutationFn' | 'mutationKey'>;

/**
 * What a paged operation's infinite hook returns. Named here so published declarations spell `InfiniteData` through
 * `@tanstack/react-query`, the package an app installs (`@tanstack/query-core` is not one it can always resolve).
 */
export type InfiniteQueryHookResult<TData, TPageParam> = UseInfiniteQueryResult<
  InfiniteData<TData, TPageParam>,
  InferenceInfraHookError
>;

/** What a paged operation's suspense infinite hook returns (see `InfiniteQueryHookResult`). */
export type SuspenseInfiniteQueryHookResult<TData, TPageParam> = UseSuspenseInfiniteQueryResult<
  InfiniteData<TData, TPageParam>,
  InferenceInfraHookError
>;
