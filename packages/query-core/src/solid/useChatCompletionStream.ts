import { type Accessor, createSignal, onCleanup } from 'solid-js';
import { type ChatCompletionStreamState, chatStreamReducer, idleChatStream } from '../chatStreamReducer.js';
import { type ChatCompletionStreamVariables, createChatStreamSession } from '../chatStreamSession.js';
import { useInferenceInfraClient } from './clientContext.js';
import type { ClientOption } from './types.js';

/** Each field of the stream's state as an accessor: `content()`, `status()`, ... */
export type ChatCompletionStreamAccessors = {
  readonly [K in keyof ChatCompletionStreamState]: Accessor<ChatCompletionStreamState[K]>;
};

export interface UseChatCompletionStreamResult extends ChatCompletionStreamAccessors {
  /** Starts a streamed answer, ending the one still running. */
  start(body: ChatCompletionStreamVariables): void;
  /** Ends the running stream; `content()` keeps what arrived and `status()` becomes `aborted`. */
  abort(): void;
  /** Back to idle, ending the running stream. */
  reset(): void;
  isStreaming: Accessor<boolean>;
}

const fields = Object.keys(idleChatStream) as Array<keyof ChatCompletionStreamState>;

/**
 * A chat answer as it is generated: `content()` grows with each delta, `message()` holds the whole answer at the
 * end. The state lives in the component, not in the QueryClient (a stream is read once and is billable); the
 * component's cleanup ends the stream, so no answer is paid for unseen.
 */
export function useChatCompletionStream({ client }: ClientOption = {}): UseChatCompletionStreamResult {
  const resolved = useInferenceInfraClient(client);
  const [state, setState] = createSignal<ChatCompletionStreamState>(idleChatStream);
  const session = createChatStreamSession((event) =>
    setState((current) => chatStreamReducer(current, event)),
  );
  onCleanup(() => session.abort());
  const accessors = Object.fromEntries(
    fields.map((field) => [field, () => state()[field]]),
  ) as unknown as ChatCompletionStreamAccessors;
  return {
    ...accessors,
    isStreaming: () => state().status === 'streaming',
    start: (body) => session.start(resolved, body),
    abort: () => session.abort(),
    reset: () => session.reset(),
  };
}
