export { InferenceInfraProvider, type InferenceInfraProviderProps } from './InferenceInfraProvider.js';
export type {
  ChatCompletionStreamState,
  ChatCompletionStreamStatus,
} from './internal/chatStreamReducer.js';
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
  type ResizeVolumeVariables,
  resizeVolumeMutationOptions,
} from './options/resizeVolumeMutationOptions.js';
export {
  type BillingTransactionsPagingQuery,
  type ChatCompletionStreamQueryBody,
  inferenceInfraKeys,
} from './queryKeys.js';
export { mutationRetry, shouldRetryQuery } from './retryPolicy.js';
export type {
  ClientOption,
  InferenceInfraHookError,
  InfiniteQueryHookOptions,
  MutationHookOptions,
  QueryHookOptions,
  SuspenseInfiniteQueryHookOptions,
  SuspenseQueryHookOptions,
} from './types.js';
export { useBillingTransactions } from './useBillingTransactions.js';
export { useChatCompletion } from './useChatCompletion.js';
export {
  type ChatCompletionStreamVariables,
  type UseChatCompletionStreamResult,
  useChatCompletionStream,
} from './useChatCompletionStream.js';
export {
  type ChatCompletionStreamQueryOptions,
  useChatCompletionStreamQuery,
} from './useChatCompletionStreamQuery.js';
export { useEmbeddings } from './useEmbeddings.js';
export { useGenerateImages } from './useGenerateImages.js';
export { useInferenceInfraClient } from './useInferenceInfraClient.js';
export { useInfiniteBillingTransactions } from './useInfiniteBillingTransactions.js';
export { useInstanceTypes } from './useInstanceTypes.js';
export { useResizeVolume } from './useResizeVolume.js';
export { useSuspenseInfiniteBillingTransactions } from './useSuspenseInfiniteBillingTransactions.js';
export { useSuspenseInstanceTypes } from './useSuspenseInstanceTypes.js';
