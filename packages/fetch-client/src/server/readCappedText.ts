/** What reading a request body came to: its text, too large (the rest left unread), or cut off by the sender. */
export type BodyRead = { text: string } | { tooLarge: true } | { unreadable: string };

/** The body as text, read no further than `maxBytes`: a declared or streamed larger one is refused, not buffered. */
export async function readCappedText(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return { tooLarge: true };
  if (!request.body) return { text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { tooLarge: true };
      }
      chunks.push(value);
    }
  } catch (error) {
    // The page went away mid-body (node's "aborted"), or its body was not what it declared.
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(bytes) };
}
