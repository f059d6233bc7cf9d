import { jsonPieces } from './jsonPieces.js';
import type { SimulatorResponse } from './simulatorTypes.js';

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The header set of an answer: its own headers over the simulator's defaults for its kind of body. */
function headersOf(response: SimulatorResponse, contentType: string | undefined): Headers {
  const headers = new Headers(contentType ? { 'content-type': contentType } : {});
  for (const [name, value] of Object.entries(response.headers)) headers.set(name, value);
  return headers;
}

/**
 * A web `Response` of a simulator answer, for `simulator.fetch` and MSW: JSON, bytes, or a real event stream whose
 * events arrive `eventIntervalMs` apart, which an abort of the request cancels and a `cutAfterEvents` fault ends
 * with a network-style error, as a dropped connection does.
 */
export async function toWebResponse(
  response: SimulatorResponse,
  { signal, eventIntervalMs }: { signal?: AbortSignal | null; eventIntervalMs: number },
): Promise<Response> {
  if (response.delayMs) await sleep(response.delayMs, signal);
  const { status } = response;
  if (response.events) {
    const events = response.events;
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (response.cutAfterEvents !== undefined && sent >= response.cutAfterEvents) {
          controller.error(
            new TypeError('terminated: the simulator cut the stream (X-Simulate stream-cut-after)'),
          );
          return;
        }
        if (sent >= events.length) {
          controller.close();
          return;
        }
        if (sent > 0 && eventIntervalMs > 0) await sleep(eventIntervalMs);
        controller.enqueue(encoder.encode(`data: ${events[sent]}\n\n`));
        sent += 1;
      },
    });
    signal?.addEventListener('abort', () => body.cancel(signal.reason).catch(() => {}), { once: true });
    return new Response(body, {
      status,
      headers: headersOf(response, 'text/event-stream; charset=utf-8'),
    });
  }
  if (response.bytes)
    return new Response(response.bytes, { status, headers: headersOf(response, undefined) });
  if (response.json === undefined)
    return new Response(null, { status, headers: headersOf(response, undefined) });
  if (response.chunked) {
    const pieces = jsonPieces(response.json);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    });
    return new Response(body, { status, headers: headersOf(response, 'application/json') });
  }
  return new Response(JSON.stringify(response.json), {
    status,
    headers: headersOf(response, 'application/json'),
  });
}
