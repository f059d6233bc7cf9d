import { type Refusal, refusal } from './refusal.js';

/** `application/json` or a `+json` type, with any parameters: what no page of another site can send unasked. */
export const isJsonMediaType = (contentType: string | null | undefined) =>
  /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType ?? '');

/**
 * Why a JSON body's `Content-Type` is refused, or undefined: another media type (a form, `text/plain`: what a page
 * of another site can send without asking), or a charset other than UTF-8, which JSON over HTTP is (RFC 8259) and
 * which is how every door reads it: forwarding `charset=utf-16` with a body read as UTF-8 would pass on a body that
 * says something else to the next reader.
 */
export function jsonContentTypeRefusal(contentType: string | null | undefined): Refusal | undefined {
  if (!isJsonMediaType(contentType))
    return refusal(
      415,
      'unsupported_media_type',
      `Content-Type: must be application/json (got ${JSON.stringify((contentType ?? '').slice(0, 100) || null)})`,
      'Content-Type',
    );
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset))
    return refusal(
      415,
      'unsupported_media_type',
      `Content-Type: charset must be utf-8 when given (got ${JSON.stringify(charset.slice(0, 40))})`,
      'Content-Type',
    );
  return undefined;
}

export interface BodyLimits {
  maxBytes: number;
  /** How long the whole body may take to arrive, from the first read. */
  deadlineMs: number;
  /** The settings that move each bound, for the refusal: `{ maxBytes: 'maxBodyBytes', deadlineMs: 'bodyTimeoutMs' }`. */
  options: { maxBytes: string; deadlineMs: string };
  signal?: AbortSignal | undefined;
}

export const bodyTooLarge = (limits: Pick<BodyLimits, 'maxBytes' | 'options'>) =>
  refusal(
    413,
    'body_too_large',
    `body: larger than ${limits.maxBytes} bytes (${limits.options.maxBytes})`,
    'body',
  );

/** A body as UTF-8 text, strictly: a body that is not UTF-8 would be read as something else by the next reader. */
export function utf8Text(bytes: Uint8Array): string | Refusal {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refusal(400, 'invalid_body_encoding', 'body: must be UTF-8', 'body');
  }
}

function join(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a body no further than `maxBytes` and no longer than `deadlineMs`: a declared or streamed larger one is
 * refused (413) without buffering it, a slow one (408) and one cut off by the sender (400) too. The stream is
 * cancelled on every refusal, so what is not read is not waited for.
 */
export async function readCappedBody(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null | undefined,
  limits: BodyLimits,
): Promise<Uint8Array | Refusal> {
  const declared = Number(declaredLength ?? Number.NaN);
  if (declared > limits.maxBytes) {
    await body?.cancel().catch(() => undefined);
    return bodyTooLarge(limits);
  }
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), limits.deadlineMs);
  });
  const stop = async (answer: Refusal) => {
    await reader.cancel().catch(() => undefined);
    return answer;
  };
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late')
        return stop(
          refusal(
            408,
            'body_timeout',
            `body: not received within ${limits.deadlineMs} ms (${limits.options.deadlineMs})`,
            'body',
          ),
        );
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limits.maxBytes) return stop(bodyTooLarge(limits));
      chunks.push(next.value);
    }
  } catch (error) {
    // The sender went away mid-body (node's "aborted"), or its body was not what it declared.
    const reason = error instanceof Error ? error.message : String(error);
    return refusal(400, 'body_unreadable', `body: could not be read to its end (${reason})`, 'body');
  } finally {
    clearTimeout(timer);
  }
  return join(chunks, size);
}
