// The framework-free factories, keys and retry rule, so a Svelte app imports everything from one entry.
export * from '../index.js';
export { getInferenceInfraClientContext, setInferenceInfraClientContext } from './clientContext.js';
export {
  type ChatCompletionStream,
  createChatCompletionStream,
} from './createChatCompletionStream.js';
// Every operation's query and mutation, generated from the spec over the primitives of primitives.ts.
export * from './operations.gen.js';
export type {
  ClientOption,
  SvelteInfiniteQueryOptions,
  SvelteMutationOptions,
  SvelteQueryOptions,
} from './types.js';
