// The framework-free factories, keys and retry rule, so a Svelte app imports everything from one entry.
export * from '../index.js';
export { getInferenceInfraClientContext, setInferenceInfraClientContext } from './clientContext.js';
export { createBillingTransactionsQuery } from './createBillingTransactionsQuery.js';
export { createChatCompletionMutation } from './createChatCompletionMutation.js';
export {
  type ChatCompletionStream,
  createChatCompletionStream,
} from './createChatCompletionStream.js';
export {
  createChatCompletionStreamQuery,
  type SvelteChatCompletionStreamQueryOptions,
} from './createChatCompletionStreamQuery.js';
export { createEmbeddingsMutation } from './createEmbeddingsMutation.js';
export { createGenerateImagesMutation } from './createGenerateImagesMutation.js';
export { createInfiniteBillingTransactionsQuery } from './createInfiniteBillingTransactionsQuery.js';
export { createInstanceTypesQuery } from './createInstanceTypesQuery.js';
export { createResizeVolumeMutation } from './createResizeVolumeMutation.js';
export type {
  ClientOption,
  SvelteInfiniteQueryOptions,
  SvelteMutationOptions,
  SvelteQueryOptions,
} from './types.js';
