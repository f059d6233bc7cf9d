/** The length of the longest end of `text` that begins `secret` (and may finish in the next chunk). */
function partialKeyAtEnd(text: string, secret: string): number {
  for (let length = Math.min(secret.length - 1, text.length); length > 0; length -= 1) {
    if (text.endsWith(secret.slice(0, length))) return length;
  }
  return 0;
}

/**
 * Passes a text body through with every occurrence of `secret` replaced, whatever chunks it is cut into: only an end
 * of a chunk that could be the start of the key waits for the next chunk, so a key split in two is still found while
 * a streamed event (which ends in a blank line, never the start of a key) goes on at once. The upstream has no reason
 * to echo the key, but an answer that does must not carry it to the page.
 */
export function keyRedactingStream(secret: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  const redact = (text: string) => text.replaceAll(secret, '[redacted]');
  return new TransformStream({
    transform(chunk, controller) {
      const text = redact(pending + decoder.decode(chunk, { stream: true }));
      const held = partialKeyAtEnd(text, secret);
      pending = text.slice(text.length - held);
      const ready = text.slice(0, text.length - held);
      if (ready) controller.enqueue(encoder.encode(ready));
    },
    flush(controller) {
      const rest = redact(pending + decoder.decode());
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
