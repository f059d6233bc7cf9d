import type { IncomingMessage } from 'node:http';
import {
  isRefusal,
  jsonContentTypeRefusal,
  type Refusal,
  readCappedBody,
  refusal,
  utf8Text,
} from '@inference-infra/edge';

/**
 * The request's body as a web stream that reads no faster than it is read. Cancelling it only stops reading, unlike
 * `Readable.toWeb`, whose cancel destroys the socket: the client must still read the refusal (413), and the rest of
 * the body is then drained (`drainUnread`).
 */
function bodyStreamOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  let over = false;
  const onData = (controller: ReadableStreamDefaultController<Uint8Array>) => (chunk: Buffer) => {
    if (over) return;
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) request.pause();
  };
  let listener: ((chunk: Buffer) => void) | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      listener = onData(controller);
      request.on('data', listener);
      request.once('end', () => {
        if (over) return;
        over = true;
        controller.close();
      });
      request.once('close', () => {
        if (over) return;
        over = true;
        controller.error(new Error('the client went away before the body ended'));
      });
      request.pause();
    },
    pull() {
      request.resume();
    },
    cancel() {
      over = true;
      request.pause();
      if (listener) request.off('data', listener);
    },
  });
}

export interface BodyRules {
  maxBytes: number;
  deadlineMs: number;
}

/**
 * A JSON-RPC body read by the edge's one rule for bodies: JSON media type in UTF-8, at most `maxBytes`, within
 * `deadlineMs`, strictly UTF-8; then parsed. A refusal says which rule and the flag that moves a bound.
 */
export async function readJsonBody(
  request: IncomingMessage,
  rules: BodyRules,
): Promise<{ body: unknown } | Refusal> {
  const contentType = jsonContentTypeRefusal(request.headers['content-type']);
  if (contentType) return contentType;
  const bytes = await readCappedBody(bodyStreamOf(request), request.headers['content-length'], {
    maxBytes: rules.maxBytes,
    deadlineMs: rules.deadlineMs,
    options: { maxBytes: '--max-message-bytes', deadlineMs: '--body-timeout-ms' },
  });
  if (isRefusal(bytes)) return bytes;
  const text = utf8Text(bytes);
  if (isRefusal(text)) return text;
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return refusal(400, 'parse_error', `Parse error: ${(error as Error).message}`, 'body');
  }
}
