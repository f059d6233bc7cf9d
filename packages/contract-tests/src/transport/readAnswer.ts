import { boundedStream, StreamLimitError } from '@inference-infra/edge';

/**
 * The default cap on one answer's body. The largest answer the spec allows is a 2048x2048 PNG as base64: 16 MiB of
 * RGBA at worst, about 22 MiB encoded. 32 MiB keeps that whole (and matches the simulator's own answer limit), while
 * a server that never stops sending costs the run 32 MiB, not all of the machine's memory.
 */
export const defaultMaxAnswerBytes = 32 * 1024 * 1024;

/** The answer's body went past the cap: reading stopped there and the connection was dropped. */
export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
  constructor(
    readonly limit: number,
    /** What was read before the cap, decoded. */
    readonly partialText: string,
  ) {
    super(`answer larger than ${limit} bytes`);
  }
}

/**
 * The answer's body broke off before its end (the connection closed or was reset mid-body): `partialText` is what
 * arrived, so a check of how a stream ends can judge it (the spec's failure event, or a stream cut without one).
 */
export class AnswerBrokenOffError extends Error {
  override name = 'AnswerBrokenOffError';
  constructor(
    /** What was read before the body broke off, decoded. */
    readonly partialText: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * The decoder of the charset the answer declares (`text/event-stream; charset=utf-16le`, `application/json;
 * charset=iso-8859-1`), so a body is judged by what it says, not by how it is spelt; UTF-8 when none is declared or the
 * label is one the platform does not know (then the checks see the bytes as UTF-8 reads them).
 */
function decoderFor(contentType: string | null): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8', { ignoreBOM: true });
  } catch {
    return new TextDecoder('utf-8', { ignoreBOM: true });
  }
}

/**
 * An answer's body as text (in its declared charset, UTF-8 by default, as `response.text()` reads it), read as a stream and counted as it comes. Past
 * `maxBytes` (or when Content-Length already says it will be), `abort` drops the connection and an
 * `AnswerTooLargeError` is thrown: an endless body ends there instead of filling memory until the timeout. A body that
 * breaks off throws `AnswerBrokenOffError` with what arrived.
 */
export async function readAnswer(response: Response, maxBytes: number, abort: () => void): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    abort();
    throw new AnswerTooLargeError(maxBytes, '');
  }
  if (!response.body) return '';
  // The edge's bounded stream is the one cap every process of ours puts on an answer; what it passed before the cap
  // is the partial text a report shows.
  const reader = boundedStream(response.body, {
    maxBytes,
    options: { maxBytes: '--max-answer-bytes' },
  }).getReader();
  // The byte order mark is kept (a decoder drops it by default): JSON must not start with one (RFC 8259, 8.1), and a
  // server that sends one breaks parsers that do not skip it, so the checks must see it.
  const decoder = decoderFor(response.headers.get('content-type'));
  const parts: string[] = [];
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read())
      parts.push(decoder.decode(read.value, { stream: true }));
  } catch (error) {
    if (!(error instanceof StreamLimitError))
      throw new AnswerBrokenOffError(parts.join('') + decoder.decode(), error);
    abort();
    throw new AnswerTooLargeError(maxBytes, parts.join('') + decoder.decode());
  }
  parts.push(decoder.decode());
  return parts.join('');
}
