// What every app's "Chat, as a streamed query" section asks and shows, the same in the four frameworks: the query's
// events are the answer's chunks, in order, so the text so far is their deltas joined.
import type { ChatCompletionChunk, CreateChatCompletionBody } from '@inference-infra/types';

export const streamedQueryPrompt = 'Tell me about GPUs, at length.';

export const streamedQueryBody = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user', content: streamedQueryPrompt }],
} satisfies Omit<CreateChatCompletionBody, 'stream'>;

export const textOfChunks = (chunks: readonly ChatCompletionChunk[] | undefined): string =>
  (chunks ?? []).map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
