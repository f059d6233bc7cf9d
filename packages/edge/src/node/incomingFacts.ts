import type { IncomingMessage } from 'node:http';

/**
 * Every value a request carried for one header, in order. `req.headers` keeps only the first `Host` and the first
 * `Origin` and drops the rest; the edge refuses a request that sent two, so it reads them all.
 */
export function headerValues(req: IncomingMessage, name: string): string[] {
  return req.headersDistinct[name.toLowerCase()] ?? [];
}

/** How much of a body nobody read is taken and dropped after the answer, before the connection is cut instead. */
export const unreadBodyDrainBytes = 256 * 1024 * 1024;

/**
 * After the answer, the rest of a body nobody read is taken off the socket and dropped, never buffered: a client still
 * sending it then reads the refusal (a 413), where a socket closed with unread data reaches it as a reset. Past
 * `maxBytes` dropped, or `deadlineMs` after the answer, the connection goes after all.
 */
export function drainUnread(
  req: IncomingMessage,
  maxBytes = unreadBodyDrainBytes,
  deadlineMs = 30_000,
): void {
  if (req.complete || req.destroyed) return;
  // Whatever read the body before (a web stream made of it) stops taking chunks: nothing reads them any more.
  req.removeAllListeners('data');
  let dropped = 0;
  const timer = setTimeout(() => req.destroy(), deadlineMs);
  timer.unref?.();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes) req.destroy();
  });
  req.once('close', () => clearTimeout(timer));
  req.on('error', () => undefined);
  req.resume();
}
