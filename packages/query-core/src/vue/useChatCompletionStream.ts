import { type ComputedRef, computed, onScopeDispose, shallowRef } from 'vue';
import { type ChatCompletionStreamState, chatStreamReducer, idleChatStream } from '../chatStreamReducer.js';
import { type ChatCompletionStreamVariables, createChatStreamSession } from '../chatStreamSession.js';
import { useInferenceInfraClient } from './clientInjection.js';
import type { ClientOption } from './types.js';

/** Each field of the stream's state as a computed ref, so `const { content, status } = ...` stays reactive. */
export type ChatCompletionStreamRefs = {
  readonly [K in keyof ChatCompletionStreamState]: ComputedRef<ChatCompletionStreamState[K]>;
};

export interface UseChatCompletionStreamReturn extends ChatCompletionStreamRefs {
  /** Starts a streamed answer, ending the one still running. */
  start(body: ChatCompletionStreamVariables): void;
  /** Ends the running stream; `content` keeps what arrived and `status` becomes `aborted`. */
  abort(): void;
  /** Back to idle, ending the running stream. */
  reset(): void;
  isStreaming: ComputedRef<boolean>;
}

const fields = Object.keys(idleChatStream) as Array<keyof ChatCompletionStreamState>;

/**
 * A chat answer as it is generated: `content` grows with each delta, `message` holds the whole answer at the end.
 * The state lives in the component, not in the QueryClient (a stream is read once and is billable); leaving the
 * component's scope ends the stream, so no answer is paid for unseen.
 */
export function useChatCompletionStream({ client }: ClientOption = {}): UseChatCompletionStreamReturn {
  const resolved = useInferenceInfraClient(client);
  const state = shallowRef<ChatCompletionStreamState>(idleChatStream);
  const session = createChatStreamSession((event) => {
    state.value = chatStreamReducer(state.value, event);
  });
  onScopeDispose(() => session.abort());
  const refs = Object.fromEntries(
    fields.map((field) => [field, computed(() => state.value[field])]),
  ) as unknown as ChatCompletionStreamRefs;
  return {
    ...refs,
    isStreaming: computed(() => state.value.status === 'streaming'),
    start: (body) => session.start(resolved, body),
    abort: () => session.abort(),
    reset: () => session.reset(),
  };
}
