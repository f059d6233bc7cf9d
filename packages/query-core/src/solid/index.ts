// The framework-free factories, keys and retry rule, so a Solid app imports everything from one entry.
export * from '../index.js';
export {
  InferenceInfraProvider,
  type InferenceInfraProviderProps,
  useInferenceInfraClient,
} from './clientContext.js';
// Every operation's primitive, generated from the spec over the generic ones of primitives.ts.
export * from './operations.gen.js';
export type {
  ClientOption,
  SolidInfiniteQueryOptions,
  SolidMutationOptions,
  SolidQueryOptions,
} from './types.js';
export {
  type ChatCompletionStreamAccessors,
  type UseChatCompletionStreamResult,
  useChatCompletionStream,
} from './useChatCompletionStream.js';
