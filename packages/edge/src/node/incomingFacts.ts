import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Every value a request carried for one header, in order. `req.headers` keeps only the first `Host` and the first
 * `Origin` and drops the rest; the edge refuses a request that sent two, so it reads them all.
 */
export function headerValues(req: IncomingMessage, name: string): string[] {
  return req.headersDistinct[name.toLowerCase()] ?? [];
}

/** How much of a body nobody read is taken and dropped after the answer, before the connection is cut instead. */
export const unreadBodyDrainBytes = 256 * 1024 * 1024;

/** How long a connection closed after a refusal stays open without a byte from the client (nginx's `lingering_timeout`). */
export const lingeringIdleMs = 5_000;

/**
 * After the answer, the rest of a body nobody read is taken off the socket and dropped, never buffered: a client still
 * sending it then reads the refusal (a 413), where a socket closed with unread data reaches it as a reset. Past
 * `maxBytes` dropped, or `deadlineMs` after the answer, the connection goes after all.
 *
 * A connection that ends with this answer (`Connection: close`, HTTP/1.0) is closed as nginx's lingering close does
 * it: Node would destroy the socket as soon as the answer is written, and the kernel answers the bytes still arriving
 * with a reset that throws away the answer the client had not read yet. Instead the answer is followed by a FIN only,
 * the body is still read and dropped, and the socket goes when the client closes its side, after `lingeringIdleMs`
 * without a byte, or at the drain's own bounds.
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
  lingerOnClose(req.socket, deadlineMs);
}

/** Replaces the socket's close-after-the-answer (`destroySoon`, what Node's server calls) with a lingering close. */
function lingerOnClose(socket: Socket, deadlineMs: number): void {
  if (socket.destroyed) return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    const destroy = () => this.destroy();
    // The socket stays readable after its FIN (Node's server allows half-open sockets): the parser goes on
    // handing the body to the request, which drops it, until the client closes its side.
    this.once('end', destroy);
    this.setTimeout(lingeringIdleMs, destroy);
    const deadline = setTimeout(destroy, deadlineMs);
    deadline.unref?.();
    this.once('close', () => clearTimeout(deadline));
    this.end();
  };
}
