/**
 * Aborts `controller` when `signal` aborts (at once if it already has). Returns the function that stops following,
 * to be called when the work ends: a long-lived signal (an app-wide one, say) would otherwise collect a listener per
 * call, and keep each call's controller alive.
 */
export function followSignal(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) {
    abort();
    return () => undefined;
  }
  signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}
