import type { ServerResponse } from 'node:http';

/**
 * Prism does not speak server-sent events: asked for `text/event-stream`, it answers the spec's example as one text body.
 * This sends that example as a real stream, one event per write, so clients see chunks arrive as they would live.
 */
export async function sendEventStream(
  res: ServerResponse,
  exampleText: string,
  headers: Record<string, string>,
  eventIntervalMs: number,
): Promise<void> {
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const events = exampleText
    .split(/\r?\n\r?\n/)
    .map((event) => event.trim())
    .filter((event) => event.length > 0);
  for (const event of events) {
    if (res.destroyed) return;
    res.write(`${event}\n\n`);
    // A pause between events, as a model generating tokens would make, so clients (and the playground) see the
    // answer grow instead of one coalesced write.
    await new Promise((resolve) => setTimeout(resolve, eventIntervalMs));
  }
  res.end();
}
