// The framework-free factories, keys and retry rule, so an Angular app imports everything from one entry.
export * from '../index.js';
export { injectInferenceInfraClient, provideInferenceInfraClient } from './clientInjection.js';
export {
  type ChatCompletionStream,
  type ChatCompletionStreamSignals,
  injectChatCompletionStream,
} from './injectChatCompletionStream.js';
// Every operation's query and mutation, generated from the spec over the primitives of primitives.ts.
export * from './operations.gen.js';
export type {
  AngularInfiniteQueryOptions,
  AngularMutationOptions,
  AngularQueryOptions,
  ClientOption,
} from './types.js';
