import type { ChatCompletion, ChatCompletionChunk, CreateChatCompletionBody } from '@inference-infra/types';
import { APIConnectionError, APIUserAbortError } from '../errors.js';
import type { EventStream } from '../eventStream.js';
import type { CallOptions, CoreClient } from '../internal/createCoreClient.js';
import { followSignal } from '../internal/followSignal.js';
import type { WithRequestId } from '../internal/withRequestId.js';

type StreamingBody = CreateChatCompletionBody & { stream: true };
type WholeBody = CreateChatCompletionBody & { stream?: false | null };

export interface ChatCompletions {
  /** The whole answer at once. */
  create(body: WholeBody, options?: CallOptions): Promise<WithRequestId<ChatCompletion>>;
  /** The answer as it is generated: iterate the chunks; `abort()` or the signal ends it. */
  create(body: StreamingBody, options?: CallOptions): Promise<EventStream<ChatCompletionChunk>>;
  create(
    body: CreateChatCompletionBody,
    options?: CallOptions,
  ): Promise<WithRequestId<ChatCompletion> | EventStream<ChatCompletionChunk>>;
}

export interface ChatResource {
  completions: ChatCompletions;
}

export function chatResource(core: CoreClient): ChatResource {
  const path = '/chat/completions';
  async function create(body: CreateChatCompletionBody, options: CallOptions = {}) {
    if (body.stream !== true) return core.call<ChatCompletion>('POST', path, { body, ...options });
    // The stream's own controller: `stream.abort()` ends it, and so does the caller's signal while the stream lives.
    const controller = new AbortController();
    const unfollow = followSignal(options.signal, controller);
    try {
      // Loaded on the first stream only: apps that never stream do not ship the SSE parser.
      const [{ EventStream }, response] = await Promise.all([
        import('../eventStream.js'),
        core.callStream('POST', path, { body, ...options, signal: controller.signal }),
      ]);
      return new EventStream<ChatCompletionChunk>(response, controller, {
        operation: { method: 'POST', path, operationId: 'createChatCompletion' },
        errors: { APIConnectionError, APIUserAbortError, apiErrorFor: core.apiError },
        onEnd: unfollow,
      });
    } catch (error) {
      // Whichever of the two failed, nothing is left running: the request (or the answer's body) and the listener.
      unfollow();
      controller.abort();
      throw error;
    }
  }
  return { completions: { create: create as ChatCompletions['create'] } };
}
