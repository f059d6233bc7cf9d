export type { Accessor } from './accessor.js';
export type { VolumeKey } from './cacheUpdates/resizeVolume.js';
export { withCallerOptions } from './callerOptions.js';
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
export type {
  BillingInfiniteKey,
  BillingPageKey,
  ChatStreamKey,
  ChatStreamRefetchMode,
} from './legacyNames.js';
export { passThrough } from './passThrough.js';
export { inferenceInfraKeys } from './queryKeys.js';
// Every operation's options and the types they name, generated from the spec.
export * from './queryOptions.gen.js';
export { mutationRetry, shouldRetryQuery } from './retryPolicy.js';
export { type StreamRefetchMode, streamedQueryOptions } from './streamedQueryOptions.js';
export type {
  CacheWriter,
  InferenceInfraInfiniteQueryOptions,
  InferenceInfraMutationOptions,
  InferenceInfraQueryError,
  InferenceInfraQueryOptions,
} from './types.js';
