import { boundedStream } from '@inference-infra/edge';
import { EventStream } from '@inference-infra/fetch-client/stream';

interface ChunkChoice {
  index: number;
  delta?: { role?: string; content?: string | null };
  finish_reason?: string | null;
}

interface Chunk {
  id: string;
  created: number;
  model: string;
  choices: ChunkChoice[];
  usage?: unknown;
}

/** How often progress is reported while a stream arrives: every token would be one message each way. */
const progressEveryMs = 200;

/** How long a streamed chat may take by default: a long reply of a slow model, not a stream that never ends. */
export const defaultStreamTimeoutMs = 10 * 60 * 1000;

/**
 * Reads a streamed chat answer to its end and assembles the `chat.completion` the same request without `stream`
 * answers, so the tool has one result shape. `onProgress` hears how many chunks arrived (never their text: it is not redacted yet).
 * The fetch client's timeout ends once a stream's headers are in, so the stream has its own: past `timeoutMs` it
 * ends with a `StreamLimitError` (its size is bounded by the fetch the client was given, `boundedFetch`).
 */
export async function assembleStreamedChat(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onProgress: (chunks: number) => Promise<void>,
  timeoutMs = defaultStreamTimeoutMs,
): Promise<Record<string, unknown>> {
  const bounded = boundedStream(body, { totalMs: timeoutMs, options: { totalMs: '--stream-timeout-ms' } });
  const stream = EventStream.fromReadableStream<Chunk>(bounded, { signal });
  const texts = new Map<number, string>();
  const finishes = new Map<number, string>();
  let first: Chunk | undefined;
  let usage: unknown;
  let chunks = 0;
  let reportedAt = 0;
  for await (const chunk of stream) {
    first ??= chunk;
    chunks += 1;
    if (chunk.usage) usage = chunk.usage;
    for (const choice of chunk.choices ?? []) {
      texts.set(choice.index, (texts.get(choice.index) ?? '') + (choice.delta?.content ?? ''));
      if (choice.finish_reason) finishes.set(choice.index, choice.finish_reason);
    }
    if (Date.now() - reportedAt >= progressEveryMs) {
      reportedAt = Date.now();
      await onProgress(chunks);
    }
  }
  await onProgress(chunks);
  return {
    id: first?.id ?? 'chatcmpl-stream',
    object: 'chat.completion',
    created: first?.created ?? Math.floor(Date.now() / 1000),
    model: first?.model ?? '',
    choices: [...texts.keys()]
      .sort((a, b) => a - b)
      .map((index) => ({
        index,
        message: { role: 'assistant', content: texts.get(index) ?? '' },
        // A stream that reached `[DONE]` without a reason ended normally.
        finish_reason: finishes.get(index) ?? 'stop',
      })),
    ...(usage ? { usage } : {}),
  };
}
