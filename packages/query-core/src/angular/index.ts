// The framework-free factories, keys and retry rule, so an Angular app imports everything from one entry.
export * from '../index.js';
export { injectInferenceInfraClient, provideInferenceInfraClient } from './clientInjection.js';
export { injectBillingTransactionsQuery } from './injectBillingTransactionsQuery.js';
export { injectChatCompletionMutation } from './injectChatCompletionMutation.js';
export {
  type ChatCompletionStream,
  type ChatCompletionStreamSignals,
  injectChatCompletionStream,
} from './injectChatCompletionStream.js';
export {
  type AngularChatCompletionStreamQueryOptions,
  injectChatCompletionStreamQuery,
} from './injectChatCompletionStreamQuery.js';
export { injectEmbeddingsMutation } from './injectEmbeddingsMutation.js';
export { injectGenerateImagesMutation } from './injectGenerateImagesMutation.js';
export { injectInfiniteBillingTransactionsQuery } from './injectInfiniteBillingTransactionsQuery.js';
export { injectInstanceTypesQuery } from './injectInstanceTypesQuery.js';
export { injectResizeVolumeMutation } from './injectResizeVolumeMutation.js';
export type {
  AngularInfiniteQueryOptions,
  AngularMutationOptions,
  AngularQueryOptions,
  ClientOption,
} from './types.js';
