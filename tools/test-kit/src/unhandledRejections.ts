/**
 * Collects the promise rejections nobody handled, from `start()` to `stop()`. A test that drives failures (faults,
 * aborts, a page that fails mid-list) asserts `stop()` gives none: each failure must reach its caller.
 */
export function watchUnhandledRejections() {
  const unhandled: unknown[] = [];
  const collect = (reason: unknown) => unhandled.push(reason);
  return {
    start() {
      process.on('unhandledRejection', collect);
    },
    /** Gives stray promises a turn to surface first, then the rejections seen. */
    async stop(): Promise<unknown[]> {
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.off('unhandledRejection', collect);
      return unhandled;
    },
  };
}
