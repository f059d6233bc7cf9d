import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { CreateChatCompletionBody } from '@inference-infra/types';
import type { ChatStreamEvent } from './chatStreamReducer.js';
import type { InferenceInfraQueryError } from './types.js';

/** What `start` takes: a chat request without `stream`, which the session sets itself. */
export type ChatCompletionStreamVariables = Omit<CreateChatCompletionBody, 'stream'>;

/** One component's streamed chat answers, one at a time; a framework holds the state the events build. */
export interface ChatStreamSession {
  /** Starts a streamed answer, ending the one still running. */
  start(client: InferenceInfraClient, body: ChatCompletionStreamVariables): void;
  /** Ends the running stream; the state keeps what arrived and becomes `aborted`. */
  abort(): void;
  /** Back to idle, ending the running stream. */
  reset(): void;
}

/**
 * Runs streamed chat answers and reports each step as an event for `chatStreamReducer`: React's `useReducer`, a Vue
 * `shallowRef` or a Solid signal holds the state, and every framework ends a stream the same way.
 *
 * Not a query: a stream is read once and is billable, so it is neither cached nor retried.
 */
export function createChatStreamSession(dispatch: (event: ChatStreamEvent) => void): ChatStreamSession {
  let running: AbortController | null = null;

  return {
    start(client, body) {
      running?.abort();
      const controller = new AbortController();
      running = controller;
      // Events of a stream that a newer start() replaced must not land in the state of the new one; once aborted,
      // only the abort itself does (chunks already parsed, or a [DONE] among them, would otherwise still arrive).
      const send = (event: ChatStreamEvent) => {
        if (running !== controller) return;
        if (controller.signal.aborted && event.type !== 'aborted') return;
        dispatch(event);
      };
      send({ type: 'started' });
      void (async () => {
        try {
          const stream = await client.chat.completions.create(
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
              : { type: 'failed', error: error as InferenceInfraQueryError },
          );
        }
      })();
    },
    abort() {
      running?.abort();
    },
    reset() {
      running?.abort();
      running = null;
      dispatch({ type: 'reset' });
    },
  };
}
