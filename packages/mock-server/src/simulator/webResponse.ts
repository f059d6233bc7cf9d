import { jsonPieces } from './jsonPieces.js';
import type { SimulatorResponse } from './simulatorTypes.js';
import { streamSteps } from './streamPlan.js';

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
    const steps = streamSteps(response, eventIntervalMs);
    const encoder = new TextEncoder();
    let index = 0;
    const ended = new AbortController();
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream = controller;
      },
      async pull(controller) {
        const step = steps[index++];
        if (!step) return;
        // The wait ends with the stream: a cancelled or aborted stall leaves no timer behind.
        if (step.waitMs > 0) await sleep(step.waitMs, ended.signal).catch(() => undefined);
        if (ended.signal.aborted) return;
        if (step.end === 'cut') {
          controller.error(
            new TypeError('terminated: the simulator cut the stream (X-Simulate stream-cut-after)'),
          );
        } else if (step.end === 'close') {
          controller.close();
        } else {
          controller.enqueue(encoder.encode(step.frame));
        }
      },
      cancel() {
        ended.abort();
      },
    });
    signal?.addEventListener(
      'abort',
      () => {
        ended.abort();
        // As fetch ends a body whose request was aborted: a read waiting in a stall rejects with the reason.
        if (body.locked) stream?.error(signal.reason);
        else body.cancel(signal.reason).catch(() => {});
      },
      { once: true },
    );
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
