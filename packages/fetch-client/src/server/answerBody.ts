import { boundedStream, type Redactor } from '@inference-infra/edge';

export interface AnswerBounds {
  maxBytes: number;
  idleTimeoutMs: number;
  /** The whole answer's deadline, from its first read. */
  timeoutMs: number;
}

/**
 * An answer's body as the page gets it: cut past `maxBytes` (counted as the page would receive it, so after any
 * decompression) after `idleTimeoutMs` of silence or `timeoutMs` in all, and with the key in any of its forms redacted, however the
 * chunks split it. The status went out with the headers, so a bound met midway ends the stream early: the page sees
 * a cut-off answer (a keyless client reports it as a connection error), never more than the bound.
 */
export function answerBody(
  body: ReadableStream<Uint8Array>,
  redactor: Redactor,
  bounds: AnswerBounds,
): ReadableStream<Uint8Array> {
  const bounded = boundedStream(body, {
    maxBytes: bounds.maxBytes,
    idleMs: bounds.idleTimeoutMs,
    totalMs: bounds.timeoutMs,
    options: { maxBytes: 'maxAnswerBytes', idleMs: 'answerIdleTimeoutMs', totalMs: 'answerTimeoutMs' },
  });
  return bounded.pipeThrough(redactingTextStream(redactor));
}

/**
 * The redactor's streaming form over bytes: only an end of a chunk that could begin a form of the key waits for the
 * next chunk, so a streamed event (which ends in a blank line) goes on at once.
 */
export function redactingTextStream(redactor: Redactor): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const redaction = redactor.stream();
  return new TransformStream({
    transform(chunk, controller) {
      const text = redaction.push(decoder.decode(chunk, { stream: true }));
      if (text) controller.enqueue(encoder.encode(text));
    },
    flush(controller) {
      const rest = redaction.push(decoder.decode()) + redaction.end();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
