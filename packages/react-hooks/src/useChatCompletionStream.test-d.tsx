import type { FinishReason } from '@inference-infra/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { ChatCompletionStreamStatus } from './internal/chatStreamReducer.js';
import type { InferenceInfraHookError } from './types.js';
import { useChatCompletionStream } from './useChatCompletionStream.js';

describe('useChatCompletionStream', () => {
  it('types the growing answer, the final message and the error', () => {
    const chat = useChatCompletionStream();
    expectTypeOf(chat.content).toBeString();
    expectTypeOf(chat.status).toEqualTypeOf<ChatCompletionStreamStatus>();
    expectTypeOf(chat.message).toEqualTypeOf<{ role: 'assistant'; content: string | null } | null>();
    expectTypeOf(chat.finishReason).toEqualTypeOf<FinishReason | null>();
    expectTypeOf(chat.error).toEqualTypeOf<InferenceInfraHookError | null>();
    expectTypeOf(chat.abort).toEqualTypeOf<() => void>();
  });

  it('takes a chat body without the stream flag, which it sets itself', () => {
    const chat = useChatCompletionStream();
    chat.start({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream_options: { include_usage: true },
    });
    // @ts-expect-error the hook always streams
    chat.start({ model: 'm', messages: [], stream: false });
    // @ts-expect-error 'bot' is not a role of the spec
    chat.start({ model: 'm', messages: [{ role: 'bot', content: 'hi' }] });
  });
});
