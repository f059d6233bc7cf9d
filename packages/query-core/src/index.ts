export type { Accessor } from './accessor.js';
export {
  type ChatCompletionStreamState,
  type ChatCompletionStreamStatus,
  type ChatStreamEvent,
  chatStreamReducer,
  idleChatStream,
} from './chatStreamReducer.js';
export {
  type ChatCompletionStreamVariables,
  type ChatStreamSession,
  createChatStreamSession,
} from './chatStreamSession.js';
export { billingTransactionsInfiniteQueryOptions } from './options/billingTransactionsInfiniteQueryOptions.js';
export { billingTransactionsQueryOptions } from './options/billingTransactionsQueryOptions.js';
export {
  type ChatCompletionVariables,
  chatCompletionMutationOptions,
} from './options/chatCompletionMutationOptions.js';
export {
  type ChatStreamRefetchMode,
  chatCompletionStreamQueryOptions,
} from './options/chatCompletionStreamQueryOptions.js';
export { embeddingsMutationOptions } from './options/embeddingsMutationOptions.js';
export { generateImagesMutationOptions } from './options/generateImagesMutationOptions.js';
export { instanceTypesQueryOptions } from './options/instanceTypesQueryOptions.js';
export {
  type CacheWriter,
  type ResizeVolumeVariables,
  resizeVolumeMutationOptions,
} from './options/resizeVolumeMutationOptions.js';
export { passThrough } from './passThrough.js';
export {
  type BillingInfiniteKey,
  type BillingPageKey,
  type BillingTransactionsPagingQuery,
  type ChatCompletionStreamQueryBody,
  type ChatStreamKey,
  type InstanceTypesKey,
  inferenceInfraKeys,
  type VolumeKey,
} from './queryKeys.js';
export { mutationRetry, shouldRetryQuery } from './retryPolicy.js';
export type {
  InferenceInfraInfiniteQueryOptions,
  InferenceInfraMutationOptions,
  InferenceInfraQueryError,
  InferenceInfraQueryOptions,
} from './types.js';
