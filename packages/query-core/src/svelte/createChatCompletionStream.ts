import { onDestroy } from 'svelte';
import { createSubscriber } from 'svelte/reactivity';
import { type ChatCompletionStreamState, chatStreamReducer, idleChatStream } from '../chatStreamReducer.js';
import { type ChatCompletionStreamVariables, createChatStreamSession } from '../chatStreamSession.js';
import { getInferenceInfraClientContext } from './clientContext.js';
import type { ClientOption } from './types.js';

export interface ChatCompletionStream extends Readonly<ChatCompletionStreamState> {
  readonly isStreaming: boolean;
  /** Starts a streamed answer, ending the one still running. */
  start(body: ChatCompletionStreamVariables): void;
  /** Ends the running stream; `content` keeps what arrived and `status` becomes `aborted`. */
  abort(): void;
  /** Back to idle, ending the running stream. */
  reset(): void;
}

/**
 * A chat answer as it is generated, as a reactive object in the way of svelte-query's results: reading
 * `stream.content` or `stream.status` in a template or an `$effect` re-runs it on each delta (Svelte's
 * `createSubscriber`, so no rune needs compiling here). The state lives in the component, not in the QueryClient (a
 * stream is read once and is billable); destroying the component ends the stream. Call it while a component
 * initialises.
 */
export function createChatCompletionStream({ client }: ClientOption = {}): ChatCompletionStream {
  const resolved = getInferenceInfraClientContext(client);
  let state: ChatCompletionStreamState = idleChatStream;
  let notify: (() => void) | undefined;
  const session = createChatStreamSession((event) => {
    state = chatStreamReducer(state, event);
    notify?.();
  });
  const track = createSubscriber((update) => {
    notify = update;
    return () => {
      notify = undefined;
    };
  });
  onDestroy(() => session.abort());
  const read = <K extends keyof ChatCompletionStreamState>(field: K) => {
    track();
    return state[field];
  };
  return {
    get status() {
      return read('status');
    },
    get content() {
      return read('content');
    },
    get message() {
      return read('message');
    },
    get finishReason() {
      return read('finishReason');
    },
    get usage() {
      return read('usage');
    },
    get error() {
      return read('error');
    },
    get requestId() {
      return read('requestId');
    },
    get isStreaming() {
      return read('status') === 'streaming';
    },
    start: (body) => session.start(resolved, body),
    abort: () => session.abort(),
    reset: () => session.reset(),
  };
}
