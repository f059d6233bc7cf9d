import type { ChatCompletion, ChatCompletionChunk, CreateChatCompletionBody } from '@inference-infra/types';
import { APIPromise } from '../apiPromise.js';
import type { EventStream } from '../eventStream.js';
import type { CallOptions, CoreClient } from '../internal/createCoreClient.js';
import type { WithRequestId } from '../internal/withRequestId.js';

type StreamingBody = CreateChatCompletionBody & { stream: true };
type WholeBody = CreateChatCompletionBody & { stream?: false | null };

export interface ChatCompletions {
  /** The whole answer at once. */
  create(body: WholeBody, options?: CallOptions): APIPromise<WithRequestId<ChatCompletion>>;
  /** The answer as it is generated: iterate the chunks; `abort()` or the signal ends it. */
  create(body: StreamingBody, options?: CallOptions): APIPromise<EventStream<ChatCompletionChunk>>;
  create(
    body: CreateChatCompletionBody,
    options?: CallOptions,
  ): APIPromise<WithRequestId<ChatCompletion> | EventStream<ChatCompletionChunk>>;
}

export interface ChatResource {
  completions: ChatCompletions;
}

export function chatResource(core: CoreClient): ChatResource {
  function create(
    body: CreateChatCompletionBody,
    options?: CallOptions,
  ): APIPromise<WithRequestId<ChatCompletion> | EventStream<ChatCompletionChunk>> {
    if (body.stream !== true) return core.call('POST', '/chat/completions', { body }, options);
    // Loaded on the first stream only: apps that never stream do not ship the SSE parser.
    return new APIPromise(
      import('../eventStream.js').then(({ openEventStream }) =>
        openEventStream<ChatCompletionChunk, 'POST', '/chat/completions'>(
          core,
          'POST',
          '/chat/completions',
          { body },
          options,
        ),
      ),
    );
  }
  return { completions: { create: create as ChatCompletions['create'] } };
}
