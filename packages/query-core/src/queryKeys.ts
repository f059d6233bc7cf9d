import type {
  ChatCompletionChunk,
  CreateChatCompletionBody,
  ListBillingTransactionsQuery,
  ListBillingTransactionsResponse,
  ListInstanceTypesQuery,
  ListInstanceTypesResponse,
  PersistentVolume,
} from '@inference-infra/types';
import type { dataTagErrorSymbol, dataTagSymbol, InfiniteData, QueryKey } from '@tanstack/query-core';
import type { InferenceInfraQueryError } from './types.js';

/** The root every key of the toolkit starts with, so one `invalidateQueries({ queryKey: all })` reaches them all. */
const all = ['inference-infra'] as const;

/** Billing transactions paged by the infinite query: its own offset replaces the query's. */
export type BillingTransactionsPagingQuery = Omit<ListBillingTransactionsQuery, 'offset'>;

/**
 * Marks a key with the data cached under it, so `queryClient.getQueryData(key)` and `setQueryData(key, ...)` are
 * typed without naming the type again. Types only: the key stays a plain array.
 */
const taggedWith =
  <TData>() =>
  <const TKey extends QueryKey>(key: TKey) =>
    key as Tagged<TKey, TData>;

/**
 * A key tagged with its data and error types: TanStack's `DataTag`, spelt out. `DataTag` is a conditional type that
 * declaration emit expands into TanStack's tag symbols; naming the symbols here puts them in scope of the published
 * declarations, which would otherwise mention symbols they never import.
 */
type Tagged<TKey extends QueryKey, TData> = TKey & {
  [dataTagSymbol]: TData;
  [dataTagErrorSymbol]: InferenceInfraQueryError;
};
// The key types are exported from the package entry: the declarations emitted for the factories here and for each
// adapter's hooks name them, and tsc refuses (TS4058) to emit a return type that uses a name it cannot import.
export type InstanceTypesKey = Tagged<
  readonly ['inference-infra', 'instanceTypes', 'list', ListInstanceTypesQuery],
  ListInstanceTypesResponse
>;
export type BillingPageKey = Tagged<
  readonly ['inference-infra', 'billingTransactions', 'page', ListBillingTransactionsQuery],
  ListBillingTransactionsResponse
>;
export type BillingInfiniteKey = Tagged<
  readonly ['inference-infra', 'billingTransactions', 'infinite', BillingTransactionsPagingQuery],
  InfiniteData<ListBillingTransactionsResponse, number>
>;
/** The body of a streamed chat query: a chat request without `stream`, which the query sets itself. */
export type ChatCompletionStreamQueryBody = Omit<CreateChatCompletionBody, 'stream'>;
export type ChatStreamKey = Tagged<
  readonly ['inference-infra', 'chat', 'stream', ChatCompletionStreamQueryBody],
  ChatCompletionChunk[]
>;
export type VolumeKey = Tagged<readonly ['inference-infra', 'volumes', 'detail', string], PersistentVolume>;

/**
 * Every query and mutation key of the toolkit's TanStack options, in every framework: the root, then the resource, then what was asked.
 * Match any prefix for cache work: `queryClient.invalidateQueries({ queryKey: inferenceInfraKeys.billing.all })`.
 *
 * Keys hold the query as given; TanStack hashes objects with sorted keys and drops `undefined` values, so
 * `{ region: undefined, gpu_type: 'H100' }` and `{ gpu_type: 'H100' }` share one cache entry. Keys do not name the
 * client: give each API key or deployment its own `QueryClient`.
 */
export const inferenceInfraKeys = {
  all,
  instanceTypes: {
    all: [...all, 'instanceTypes'] as const,
    list: (query: ListInstanceTypesQuery = {}): InstanceTypesKey =>
      taggedWith<ListInstanceTypesResponse>()([...all, 'instanceTypes', 'list', query]),
  },
  billing: {
    all: [...all, 'billingTransactions'] as const,
    // A single page and the infinite list cache different shapes, so they must never share a key.
    page: (query: ListBillingTransactionsQuery = {}): BillingPageKey =>
      taggedWith<ListBillingTransactionsResponse>()([...all, 'billingTransactions', 'page', query]),
    infinite: (query: BillingTransactionsPagingQuery = {}): BillingInfiniteKey =>
      taggedWith<InfiniteData<ListBillingTransactionsResponse, number>>()([
        ...all,
        'billingTransactions',
        'infinite',
        query,
      ]),
  },
  volumes: {
    all: [...all, 'volumes'] as const,
    /** Where a resize (`resizeVolumeMutationOptions`) writes the volume it resized. */
    detail: (id: string): VolumeKey => taggedWith<PersistentVolume>()([...all, 'volumes', 'detail', id]),
    /** Mutation key of a resize, for `useIsMutating` and `useMutationState`. */
    resize: [...all, 'volumes', 'resize'] as const,
  },
  chat: {
    completion: [...all, 'chat', 'completion'] as const,
    /** Where the streamed chat query caches the chunks of the answer to `body`, in order of arrival. */
    stream: (body: ChatCompletionStreamQueryBody): ChatStreamKey =>
      taggedWith<ChatCompletionChunk[]>()([...all, 'chat', 'stream', body]),
  },
  images: {
    generate: [...all, 'images', 'generate'] as const,
  },
  embeddings: {
    create: [...all, 'embeddings', 'create'] as const,
  },
};
