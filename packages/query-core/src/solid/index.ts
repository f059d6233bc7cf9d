// The framework-free factories, keys and retry rule, so a Solid app imports everything from one entry.
export * from '../index.js';
export {
  InferenceInfraProvider,
  type InferenceInfraProviderProps,
  useInferenceInfraClient,
} from './clientContext.js';
export type {
  ClientOption,
  SolidInfiniteQueryOptions,
  SolidMutationOptions,
  SolidQueryOptions,
} from './types.js';
export { useBillingTransactions } from './useBillingTransactions.js';
export { useChatCompletion } from './useChatCompletion.js';
export {
  type ChatCompletionStreamAccessors,
  type UseChatCompletionStreamResult,
  useChatCompletionStream,
} from './useChatCompletionStream.js';
export {
  type SolidChatCompletionStreamQueryOptions,
  useChatCompletionStreamQuery,
} from './useChatCompletionStreamQuery.js';
export { useEmbeddings } from './useEmbeddings.js';
export { useGenerateImages } from './useGenerateImages.js';
export { useInfiniteBillingTransactions } from './useInfiniteBillingTransactions.js';
export { useInstanceTypes } from './useInstanceTypes.js';
export { useResizeVolume } from './useResizeVolume.js';
