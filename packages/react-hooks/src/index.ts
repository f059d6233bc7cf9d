export type { ChatStreamRefetchMode, StreamRefetchMode } from '@inference-infra/query-core';
// Every operation's hooks and options builders, generated from the spec over the primitives of internal/primitives.ts.
export * from './hooks.gen.js';
export { InferenceInfraProvider, type InferenceInfraProviderProps } from './InferenceInfraProvider.js';
export type {
  ChatCompletionStreamState,
  ChatCompletionStreamStatus,
} from './internal/chatStreamReducer.js';
export * from './options.gen.js';
export { inferenceInfraKeys } from './queryKeys.js';
export { mutationRetry, shouldRetryQuery } from './retryPolicy.js';
export type {
  ClientOption,
  InferenceInfraHookError,
  InfiniteQueryHookOptions,
  InfiniteQueryHookResult,
  MutationHookOptions,
  QueryHookOptions,
  SuspenseInfiniteQueryHookOptions,
  SuspenseInfiniteQueryHookResult,
  SuspenseQueryHookOptions,
} from './types.js';
export {
  type ChatCompletionStreamVariables,
  type UseChatCompletionStreamResult,
  useChatCompletionStream,
} from './useChatCompletionStream.js';
export { useInferenceInfraClient } from './useInferenceInfraClient.js';
