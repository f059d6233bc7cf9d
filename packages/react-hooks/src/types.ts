import type {
  APIConnectionError,
  APIError,
  APIUserAbortError,
  ClientConfigError,
  InferenceInfraClient,
  RequestValidationError,
} from '@inference-infra/fetch-client';
import type { QueryKey, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';

/**
 * What a hook's `error` can be: the typed errors of the fetch client, so `instanceof` narrows to the detail
 * (`issues` of a validation error, `status` and `code` of an API error).
 */
export type InferenceInfraHookError =
  | RequestValidationError
  | APIError
  | APIConnectionError
  | APIUserAbortError
  | ClientConfigError;

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
 * TanStack options a mutation hook passes through. `onSuccess` is left out because the builders use it to update
 * the cache; per-call `mutate(variables, { onSuccess })` callbacks still run, after the cache is updated.
 */
export type MutationHookOptions<TData, TVariables> = ClientOption &
  Omit<
    UseMutationOptions<TData, InferenceInfraHookError, TVariables>,
    'mutationFn' | 'mutationKey' | 'onSuccess'
  >;
