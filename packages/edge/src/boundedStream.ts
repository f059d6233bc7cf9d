/** Which bound a stream met. */
export type StreamLimit = 'bytes' | 'total-time' | 'idle-time';

/** The error a bounded stream ends with: it names the bound and the setting that moves it. */
export class StreamLimitError extends Error {
  override readonly name = 'StreamLimitError';
  constructor(
    readonly limit: StreamLimit,
    message: string,
  ) {
    super(message);
  }
}

export interface StreamBounds {
  /** The most bytes passed on; the stream errors past it. */
  maxBytes?: number | undefined;
  /** How long the whole stream may take, from the first read. */
  totalMs?: number | undefined;
  /** How long the source may stay silent between two chunks. */
  idleMs?: number | undefined;
  /** The settings that move each bound, named in the error. */
  options: Partial<Record<'maxBytes' | 'totalMs' | 'idleMs', string>>;
}

const sizeOf = (chunk: unknown) =>
  typeof chunk === 'string' ? chunk.length : ((chunk as { byteLength?: number }).byteLength ?? 0);

/**
 * A stream that passes `source` on and errors with a `StreamLimitError` (cancelling the source) when it grows past
 * `maxBytes`, runs past `totalMs` or falls silent for `idleMs`: an endless, huge or stalled answer ends by its bound
 * instead of holding a buffer or a connection forever. Pull-based, so it reads no faster than it is read.
 */
export function boundedStream<T extends Uint8Array | string>(
  source: ReadableStream<T>,
  bounds: StreamBounds,
): ReadableStream<T> {
  const reader = source.getReader();
  let passed = 0;
  let startedAt: number | undefined;
  let overflow: StreamLimitError | undefined;
  const fail = (limit: StreamLimit, message: string) => {
    const error = new StreamLimitError(limit, message);
    void reader.cancel(error).catch(() => undefined);
    return error;
  };
  return new ReadableStream<T>({
    async pull(controller) {
      if (overflow) {
        controller.error(overflow);
        return;
      }
      startedAt ??= Date.now();
      const totalLeft = bounds.totalMs === undefined ? undefined : startedAt + bounds.totalMs - Date.now();
      // Which bound the timer stands for is decided here, once: measured again when it fires, a clock a millisecond
      // short (or a timer a millisecond early) named the other bound, even one never set ("silent for undefined ms").
      const byTotal = totalLeft !== undefined && (bounds.idleMs === undefined || totalLeft <= bounds.idleMs);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const wait = byTotal ? Math.max(0, totalLeft) : bounds.idleMs;
      const timeout =
        wait === undefined
          ? undefined
          : new Promise<'late'>((resolve) => {
              timer = setTimeout(() => resolve('late'), wait);
            });
      try {
        const next = await (timeout ? Promise.race([reader.read(), timeout]) : reader.read());
        if (next === 'late') {
          controller.error(
            byTotal
              ? fail(
                  'total-time',
                  `stream: not finished within ${bounds.totalMs} ms (${bounds.options.totalMs ?? 'totalMs'})`,
                )
              : fail(
                  'idle-time',
                  `stream: silent for ${bounds.idleMs} ms (${bounds.options.idleMs ?? 'idleMs'})`,
                ),
          );
          return;
        }
        if (next.done) {
          controller.close();
          return;
        }
        const room = bounds.maxBytes === undefined ? Number.POSITIVE_INFINITY : bounds.maxBytes - passed;
        passed += sizeOf(next.value);
        if (passed > (bounds.maxBytes ?? Number.POSITIVE_INFINITY)) {
          // What fits is passed on first (a report shows an answer up to its cap), and the next read meets the error.
          const error = fail(
            'bytes',
            `stream: larger than ${bounds.maxBytes} bytes (${bounds.options.maxBytes ?? 'maxBytes'})`,
          );
          if (room > 0) {
            controller.enqueue(next.value.slice(0, room) as T);
            overflow = error;
          } else controller.error(error);
          return;
        }
        controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
