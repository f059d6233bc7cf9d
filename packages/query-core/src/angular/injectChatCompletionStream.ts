import { computed, DestroyRef, inject, type Signal, signal } from '@angular/core';
import { type ChatCompletionStreamState, chatStreamReducer, idleChatStream } from '../chatStreamReducer.js';
import { type ChatCompletionStreamVariables, createChatStreamSession } from '../chatStreamSession.js';
import { injectInferenceInfraClient } from './clientInjection.js';
import type { ClientOption } from './types.js';

/** Each field of the stream's state as a signal: `content()`, `status()`, ... */
export type ChatCompletionStreamSignals = {
  readonly [K in keyof ChatCompletionStreamState]: Signal<ChatCompletionStreamState[K]>;
};

export interface ChatCompletionStream extends ChatCompletionStreamSignals {
  /** Starts a streamed answer, ending the one still running. */
  start(body: ChatCompletionStreamVariables): void;
  /** Ends the running stream; `content()` keeps what arrived and `status()` becomes `aborted`. */
  abort(): void;
  /** Back to idle, ending the running stream. */
  reset(): void;
  isStreaming: Signal<boolean>;
}

const fields = Object.keys(idleChatStream) as Array<keyof ChatCompletionStreamState>;

/**
 * A chat answer as it is generated, as signals: `content()` grows with each delta, `message()` holds the whole
 * answer at the end. The state lives in the component, not in the QueryClient (a stream is read once and is
 * billable); destroying the component ends the stream. Call it in an injection context.
 */
export function injectChatCompletionStream({ client }: ClientOption = {}): ChatCompletionStream {
  const resolved = injectInferenceInfraClient(client);
  const state = signal<ChatCompletionStreamState>(idleChatStream);
  const session = createChatStreamSession((event) =>
    state.update((current) => chatStreamReducer(current, event)),
  );
  inject(DestroyRef).onDestroy(() => session.abort());
  const signals = Object.fromEntries(
    fields.map((field) => [field, computed(() => state()[field])]),
  ) as unknown as ChatCompletionStreamSignals;
  return {
    ...signals,
    isStreaming: computed(() => state().status === 'streaming'),
    start: (body) => session.start(resolved, body),
    abort: () => session.abort(),
    reset: () => session.reset(),
  };
}
