import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionUsage,
  FinishReason,
} from '@inference-infra/types';
import type { InferenceInfraQueryError } from './types.js';

/**
 * The state of a streamed chat answer read by a component, in any framework: React's `useReducer`, a Vue `ref`, a
 * Solid store or a Svelte `$state` each hold it and feed it the events of one stream.
 */
export type ChatCompletionStreamStatus = 'idle' | 'streaming' | 'success' | 'error' | 'aborted';

export interface ChatCompletionStreamState {
  status: ChatCompletionStreamStatus;
  /** The answer so far; grows with each streamed delta and stays as it was after an abort or a failure. */
  content: string;
  /** The whole message, once the stream has ended with `[DONE]`; null until then and after an abort. */
  message: ChatCompletion['choices'][number]['message'] | null;
  finishReason: FinishReason | null;
  /** Sent on the last chunk when the request asks for `stream_options: { include_usage: true }`. */
  usage: ChatCompletionUsage | null;
  error: InferenceInfraQueryError | null;
  /** The `X-Request-Id` of the stream, once its headers are in. */
  requestId: string | null;
}

export type ChatStreamEvent =
  | { type: 'started' }
  | { type: 'opened'; requestId: string | null }
  | { type: 'chunk'; chunk: ChatCompletionChunk }
  | { type: 'finished' }
  | { type: 'aborted' }
  | { type: 'failed'; error: InferenceInfraQueryError }
  | { type: 'reset' };

export const idleChatStream: ChatCompletionStreamState = {
  status: 'idle',
  content: '',
  message: null,
  finishReason: null,
  usage: null,
  error: null,
  requestId: null,
};

export function chatStreamReducer(
  state: ChatCompletionStreamState,
  event: ChatStreamEvent,
): ChatCompletionStreamState {
  switch (event.type) {
    case 'started':
      return { ...idleChatStream, status: 'streaming' };
    case 'opened':
      return { ...state, requestId: event.requestId };
    case 'chunk': {
      // The spec has no `n`: an answer has one choice, index 0.
      const choice = event.chunk.choices.find((c) => c.index === 0);
      return {
        ...state,
        content: state.content + (choice?.delta.content ?? ''),
        finishReason: choice?.finish_reason ?? state.finishReason,
        usage: event.chunk.usage ?? state.usage,
      };
    }
    case 'finished':
      return { ...state, status: 'success', message: { role: 'assistant', content: state.content } };
    case 'aborted':
      return { ...state, status: 'aborted' };
    case 'failed':
      return { ...state, status: 'error', error: event.error };
    case 'reset':
      return idleChatStream;
  }
}
