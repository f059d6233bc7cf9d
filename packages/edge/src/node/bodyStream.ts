import type { IncomingMessage } from 'node:http';

/**
 * A request's body as a web stream for `readCappedBody`, whose cancel only stops reading. `Readable.toWeb(req)`
 * destroys the request when cancelled: the answer written next still leaves, but the rest of the body is neither
 * read nor dropped, and the next request a keep-alive client sends on that connection meets a reset. Cancelled, this
 * one leaves the rest of the body on the socket for `drainUnread`. Pull-based: the request is paused while a chunk
 * waits to be read.
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  let controller: ReadableStreamDefaultController<Uint8Array>;
  const detach = () => {
    settled = true;
    req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    req.pause();
  };
  function onData(chunk: Buffer) {
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  }
  function onEnd() {
    if (settled) return;
    detach();
    controller.close();
  }
  function onError(error: Error) {
    if (settled) return;
    detach();
    controller.error(error);
  }
  // A sender that goes away mid-body ends the request with `close` and no `end` (and, on some versions, no error).
  function onClose() {
    if (!req.complete) onError(new Error('aborted: the sender closed the connection before the body ended'));
  }
  return new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      // Errors after the reader is gone have no one to tell; without a listener they would end the process.
      req.on('error', () => undefined);
      if (req.readableEnded) {
        settled = true;
        controller.close();
        return;
      }
      req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
    },
    pull() {
      if (!settled) req.resume();
    },
    cancel() {
      detach();
    },
  });
}
