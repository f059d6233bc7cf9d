import type { CreateChatCompletionBody } from '@inference-infra/types';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  type ChatCompletionStreamState,
  chatStreamReducer,
  idleChatStream,
} from './internal/chatStreamReducer.js';
import type { ClientOption, InferenceInfraHookError } from './types.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

export type ChatCompletionStreamVariables = Omit<CreateChatCompletionBody, 'stream'>;

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
  const running = useRef<AbortController | null>(null);

  const abort = useCallback(() => running.current?.abort(), []);

  const start = useCallback(
    (body: ChatCompletionStreamVariables) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      // Events of a stream that a newer start() replaced must not land in the state of the new one; once aborted,
      // only the abort itself does (chunks already parsed, or a [DONE] among them, would otherwise still arrive).
      const send: typeof dispatch = (event) => {
        if (running.current !== controller) return;
        if (controller.signal.aborted && event.type !== 'aborted') return;
        dispatch(event);
      };
      send({ type: 'started' });
      void (async () => {
        try {
          const stream = await resolvedClient.chat.completions.create(
            { ...body, stream: true },
            { signal: controller.signal },
          );
          send({ type: 'opened', requestId: stream.requestId });
          for await (const chunk of stream) send({ type: 'chunk', chunk });
          send(controller.signal.aborted ? { type: 'aborted' } : { type: 'finished' });
        } catch (error) {
          send(
            controller.signal.aborted
              ? { type: 'aborted' }
              : { type: 'failed', error: error as InferenceInfraHookError },
          );
        }
      })();
    },
    [resolvedClient],
  );

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    dispatch({ type: 'reset' });
  }, []);

  useEffect(() => () => running.current?.abort(), []);

  return { ...state, start, abort, reset, isStreaming: state.status === 'streaming' };
}
