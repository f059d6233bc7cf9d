// The framework-free factories, keys and retry rule, so a Vue app imports everything from one entry.
export * from '../index.js';
export {
  InferenceInfraPlugin,
  type InferenceInfraPluginOptions,
  useInferenceInfraClient,
} from './clientInjection.js';
// Every operation's composable, generated from the spec over the primitives of primitives.ts.
export * from './operations.gen.js';
export type {
  ClientOption,
  VueInfiniteQueryOptions,
  VueMutationOptions,
  VueQueryOptions,
} from './types.js';
export {
  type ChatCompletionStreamRefs,
  type UseChatCompletionStreamReturn,
  useChatCompletionStream,
} from './useChatCompletionStream.js';
