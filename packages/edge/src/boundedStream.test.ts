import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedStream, StreamLimitError } from './boundedStream.js';

const options = { maxBytes: '--max-answer-bytes', totalMs: '--timeout-ms', idleMs: 'answerIdleTimeoutMs' };

/** An endless source: a chunk every `everyMs`, counting what it was asked for; it says when it was cancelled. */
function endless(everyMs: number) {
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      controller.enqueue(new Uint8Array(1000));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<{ bytes: number; error?: unknown }> {
  let bytes = 0;
  try {
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read())
      bytes += next.value.byteLength;
  } catch (error) {
    return { bytes, error };
  }
  return { bytes };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('boundedStream', () => {
  it('passes a stream within its bounds on whole', async () => {
    const source = new Response('a'.repeat(5000)).body as ReadableStream<Uint8Array>;
    expect(
      await drain(boundedStream(source, { maxBytes: 5000, totalMs: 1000, idleMs: 1000, options })),
    ).toEqual({ bytes: 5000 });
  });

  it('ends an endless stream at its size cap, naming the setting, and cancels the source', async () => {
    const source = endless(0);
    const { bytes, error } = await drain(boundedStream(source.stream, { maxBytes: 10_000, options }));
    expect(bytes).toBe(10_000);
    expect(error).toBeInstanceOf(StreamLimitError);
    expect((error as StreamLimitError).limit).toBe('bytes');
    expect((error as Error).message).toContain('--max-answer-bytes');
    expect(source.state.cancelled).toBe(true);
  });

  it('names the deadline that ended it even when the clock reads it a millisecond short', async () => {
    // The clock as a loaded machine may read it: the timer of the 40 ms deadline fires when Date.now() says 39.
    let reads = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => 1_000_000 + (reads++ < 2 ? 0 : 39));
    const silent = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const { error } = await drain(boundedStream(silent, { totalMs: 40, options }));
    expect((error as StreamLimitError).limit).toBe('total-time');
    expect((error as Error).message).toBe('stream: not finished within 40 ms (--timeout-ms)');
  });

  it('names the idle bound when it is the nearer one, the deadline when that is', async () => {
    vi.useFakeTimers();
    const silent = () => new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const idle = drain(boundedStream(silent(), { totalMs: 60_000, idleMs: 1_000, options }));
    const total = drain(boundedStream(silent(), { totalMs: 1_000, idleMs: 60_000, options }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(((await idle).error as Error).message).toBe('stream: silent for 1000 ms (answerIdleTimeoutMs)');
    expect(((await total).error as Error).message).toBe('stream: not finished within 1000 ms (--timeout-ms)');
  });

  it('ends a stream that runs past its deadline, and one that falls silent', async () => {
    const trickle = endless(20);
    const total = await drain(boundedStream(trickle.stream, { totalMs: 150, options }));
    expect((total.error as StreamLimitError).limit).toBe('total-time');
    expect(trickle.state.cancelled).toBe(true);
    const silent = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const idle = await drain(boundedStream(silent, { idleMs: 50, options }));
    expect((idle.error as StreamLimitError).limit).toBe('idle-time');
    expect((idle.error as Error).message).toContain('answerIdleTimeoutMs');
  });
});
