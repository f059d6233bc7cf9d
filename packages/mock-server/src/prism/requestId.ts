import { randomBytes } from 'node:crypto';

/** A fresh id per request: the spec's examples all carry the same one, which would hide mix-ups in tests. */
export function newRequestId(): string {
  return `req_${randomBytes(8).toString('hex')}`;
}

/** Puts the request id wherever the spec says an answer carries it: `meta.requestId` of lists, `error.requestId`. */
export function stampRequestId(body: unknown, requestId: string): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const record = body as Record<string, unknown>;
  for (const key of ['meta', 'error']) {
    const holder = record[key];
    if (typeof holder === 'object' && holder !== null && 'requestId' in holder) {
      (holder as Record<string, unknown>).requestId = requestId;
    }
  }
  return body;
}
