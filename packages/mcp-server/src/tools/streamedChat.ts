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
 * The longest silence between two chunks by default: the fetch client's `streamIdleTimeoutMs`. A model that thinks
 * before its first token stays well within a minute; a stream silent longer has stalled, and the agent waiting on the
 * tool is better told so than left waiting until `--stream-timeout-ms`.
 */
export const defaultStreamIdleTimeoutMs = 60_000;

/** A streamed chat that ended before its `[DONE]`: `cause` says why, `chunks` how many had arrived. */
export class StreamedChatInterrupted extends Error {
  override name = 'StreamedChatInterrupted';
  constructor(
    readonly chunks: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * Reads a streamed chat answer to its end and assembles the `chat.completion` the same request without `stream`
 * answers, so the tool has one result shape. `onProgress` hears how many chunks arrived (never their text: it is not redacted yet).
 * The fetch client's timeout ends once a stream's headers are in, so the stream has its own: past `timeoutMs` in all,
 * or `idleTimeoutMs` without a byte, it ends with a `StreamLimitError` (its size is bounded by the fetch the client was
 * given, `boundedFetch`). Whatever ends it early (a bound, the API's error event, a broken frame) is thrown as a
 * `StreamedChatInterrupted` that counts the chunks received.
 */
export async function assembleStreamedChat(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onProgress: (chunks: number) => Promise<void>,
  timeoutMs = defaultStreamTimeoutMs,
  idleTimeoutMs = defaultStreamIdleTimeoutMs,
): Promise<Record<string, unknown>> {
  const bounded = boundedStream(body, {
    totalMs: timeoutMs,
    idleMs: idleTimeoutMs,
    options: { totalMs: '--stream-timeout-ms', idleMs: '--stream-idle-timeout-ms' },
  });
  const stream = EventStream.fromReadableStream<Chunk>(bounded, { signal });
  const texts = new Map<number, string>();
  const finishes = new Map<number, string>();
  let first: Chunk | undefined;
  let usage: unknown;
  let chunks = 0;
  let reportedAt = 0;
  try {
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
  } catch (error) {
    throw new StreamedChatInterrupted(chunks, error);
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
