import type {
  APIConnectionError,
  APIError,
  APIUserAbortError,
  ClientConfigError,
  RequestValidationError,
} from '@inference-infra/fetch-client';
import type {
  GetNextPageParamFunction,
  MutationFunction,
  MutationKey,
  MutationOptions,
  QueryClient,
  QueryFunction,
  QueryKey,
} from '@tanstack/query-core';

/**
 * What a query's or a mutation's `error` can be: the typed errors of the fetch client, so `instanceof` narrows to
 * the detail (`issues` of a validation error, `status` and `code` of an API error).
 */
export type InferenceInfraQueryError =
  | RequestValidationError
  | APIError
  | APIConnectionError
  | APIUserAbortError
  | ClientConfigError;

/**
 * What a query factory returns: the key, the query function and the retry rule, nothing of any framework. Every
 * adapter's `useQuery` / `createQuery` / `injectQuery` takes it as it is, or spread with options of its own.
 */
export interface InferenceInfraQueryOptions<TQueryFnData, TQueryKey extends QueryKey> {
  queryKey: TQueryKey;
  queryFn: QueryFunction<TQueryFnData, TQueryKey>;
  retry: (failureCount: number, error: unknown) => boolean;
  staleTime?: number;
}

/** What the infinite query factory returns: a query's options plus the paging, which follows the client's rule. */
export interface InferenceInfraInfiniteQueryOptions<TQueryFnData, TQueryKey extends QueryKey, TPageParam>
  extends Omit<InferenceInfraQueryOptions<TQueryFnData, TQueryKey>, 'queryFn'> {
  queryFn: QueryFunction<TQueryFnData, TQueryKey, TPageParam>;
  initialPageParam: TPageParam;
  getNextPageParam: GetNextPageParamFunction<TPageParam, TQueryFnData>;
}

/** What a mutation factory returns: key, function, no retry, and the cache work of `onSuccess` where there is one. */
export interface InferenceInfraMutationOptions<TData, TVariables>
  extends Pick<MutationOptions<TData, InferenceInfraQueryError, TVariables>, 'onSuccess'> {
  mutationKey: MutationKey;
  mutationFn: MutationFunction<TData, TVariables>;
  retry: false;
}

/** The two calls of a cache update; every adapter's QueryClient has them (Vue's and Angular's subclass the core's). */
export type CacheWriter = Pick<QueryClient, 'setQueryData' | 'invalidateQueries'>;
