import type { dataTagErrorSymbol, dataTagSymbol, QueryKey } from '@tanstack/query-core';
import type { InferenceInfraQueryError } from './types.js';

/** The root every key of the toolkit starts with, so one `invalidateQueries({ queryKey: all })` reaches them all. */
export const keyRoot = ['inference-infra'] as const;

/**
 * Marks a key with the data cached under it, so `queryClient.getQueryData(key)` and `setQueryData(key, ...)` are
 * typed without naming the type again. Types only: the key stays a plain array.
 */
export const taggedWith =
  <TData>() =>
  <const TKey extends QueryKey>(key: TKey) =>
    key as Tagged<TKey, TData>;

/**
 * A key tagged with its data and error types: TanStack's `DataTag`, spelt out. `DataTag` is a conditional type that
 * declaration emit expands into TanStack's tag symbols; naming the symbols here puts them in scope of the published
 * declarations, which would otherwise mention symbols they never import.
 */
export type Tagged<TKey extends QueryKey, TData> = TKey & {
  [dataTagSymbol]: TData;
  [dataTagErrorSymbol]: InferenceInfraQueryError;
};
