import type { ChatCompletion, ChatCompletionChunk, CreateChatCompletionBody } from '@inference-infra/types';
import { APIConnectionError, APIUserAbortError, apiErrorFor } from '../errors.js';
import type { EventStream } from '../eventStream.js';
import type { CallOptions, CoreClient } from '../internal/createCoreClient.js';
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
    const controller = new AbortController();
    // Loaded on the first stream only: apps that never stream do not ship the SSE parser.
    const [{ EventStream }, response] = await Promise.all([
      import('../eventStream.js'),
      core.callStream('POST', path, { body, ...options }, controller),
    ]);
    return new EventStream<ChatCompletionChunk>(
      response,
      controller,
      { method: 'POST', path, operationId: 'createChatCompletion' },
      { APIConnectionError, APIUserAbortError, apiErrorFor },
    );
  }
  return { completions: { create: create as ChatCompletions['create'] } };
}
