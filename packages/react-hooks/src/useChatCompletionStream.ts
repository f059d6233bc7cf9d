import {
  type ChatCompletionStreamVariables,
  type ChatStreamSession,
  createChatStreamSession,
} from '@inference-infra/query-core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  type ChatCompletionStreamState,
  chatStreamReducer,
  idleChatStream,
} from './internal/chatStreamReducer.js';
import type { ClientOption } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

export type { ChatCompletionStreamVariables };

export interface UseChatCompletionStreamResult extends ChatCompletionStreamState {
  /** Starts a streamed answer, ending the one still running. */
  start(body: ChatCompletionStreamVariables): void;
  /** Ends the running stream; `content` keeps what arrived and `status` becomes `aborted`. */
  abort(): void;
  /** Back to idle, ending the running stream. */
  reset(): void;
  isStreaming: boolean;
}

/**
 * A chat answer as it is generated: `content` grows with each delta, `message` holds the whole answer at the end.
 *
 * The state lives in the component, not in the QueryClient: a stream is read once and is billable, so it is
 * neither a cached query nor a retried mutation. Unmounting ends the stream, so no answer is paid for unseen.
 */
export function useChatCompletionStream({ client }: ClientOption = {}): UseChatCompletionStreamResult {
  const resolvedClient = useInferenceInfraClient(client);
  const [state, dispatch] = useReducer(chatStreamReducer, idleChatStream);
  // One session for the component's life: a new client must still end the stream the old one started.
  const session = useRef<ChatStreamSession | null>(null);
  session.current ??= createChatStreamSession(dispatch);

  const abort = useCallback(() => session.current?.abort(), []);
  const start = useCallback(
    (body: ChatCompletionStreamVariables) => session.current?.start(resolvedClient, body),
    [resolvedClient],
  );
  const reset = useCallback(() => session.current?.reset(), []);

  useEffect(() => () => session.current?.abort(), []);

  return { ...state, start, abort, reset, isStreaming: state.status === 'streaming' };
}
