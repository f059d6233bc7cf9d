// The framework-free factories, keys and retry rule, so a Vue app imports everything from one entry.
export * from '../index.js';
export {
  InferenceInfraPlugin,
  type InferenceInfraPluginOptions,
  useInferenceInfraClient,
} from './clientInjection.js';
export type {
  ClientOption,
  VueInfiniteQueryOptions,
  VueMutationOptions,
  VueQueryOptions,
} from './types.js';
export { useBillingTransactions } from './useBillingTransactions.js';
export { useChatCompletion } from './useChatCompletion.js';
export {
  type ChatCompletionStreamRefs,
  type UseChatCompletionStreamReturn,
  useChatCompletionStream,
} from './useChatCompletionStream.js';
export {
  useChatCompletionStreamQuery,
  type VueChatCompletionStreamQueryOptions,
} from './useChatCompletionStreamQuery.js';
export { useEmbeddings } from './useEmbeddings.js';
export { useGenerateImages } from './useGenerateImages.js';
export { useInfiniteBillingTransactions } from './useInfiniteBillingTransactions.js';
export { useInstanceTypes } from './useInstanceTypes.js';
export { useResizeVolume } from './useResizeVolume.js';
