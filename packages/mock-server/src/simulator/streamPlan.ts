import type { SimulatorResponse } from './simulatorTypes.js';

/** One step of writing a streamed answer: wait `waitMs`, then write `frame`, or end the stream as `end` says. */
export type StreamStep =
  | { waitMs: number; frame: string; end?: undefined }
  | { waitMs: number; frame?: undefined; end: 'close' | 'cut' };

/** A frame that no parser reads as JSON: an event cut off in the middle of its object, as a broken proxy sends it. */
export const malformedFrame = 'data: {"id":"chatcmpl-broken","object":"chat.com\n\n';

/**
 * The steps of a streamed answer with its faults applied, one transport-free list for the HTTP listener and the web
 * `Response` alike, so both serve the same faults. A fault placed past the last chunk happens just before `[DONE]`:
 * a test asking for "after 50 chunks" of a short reply still meets it. Every wait is bounded by the fault's parser.
 */
export function streamSteps(response: SimulatorResponse, eventIntervalMs: number): StreamStep[] {
  const events = response.events ?? [];
  const interval = response.eventIntervalMs ?? eventIntervalMs;
  // `[DONE]` is the last event of a normal stream: faults that replace the rest take its place at most.
  const last = Math.max(0, events.length - 1);
  const at = (after: number | undefined) => (after === undefined ? undefined : Math.min(after, last));
  const stallAt = at(response.stallAfterEvents);
  const errorAt = at(response.errorEventAfter);
  const malformedAt = at(response.malformedAfterEvents);
  const steps: StreamStep[] = [];
  for (let sent = 0; ; sent += 1) {
    const waitMs = (sent > 0 ? interval : 0) + (sent === stallAt ? (response.stallMs ?? 0) : 0);
    if (response.cutAfterEvents !== undefined && sent >= response.cutAfterEvents) {
      steps.push({ waitMs, end: 'cut' });
      return steps;
    }
    if (sent === errorAt && response.errorEvent !== undefined) {
      // The spec's failure after the stream started: one event holding an ErrorResponse, then the end, no `[DONE]`.
      steps.push({ waitMs, frame: `data: ${response.errorEvent}\n\n` }, { waitMs: 0, end: 'close' });
      return steps;
    }
    if (sent === malformedAt) {
      steps.push({ waitMs, frame: malformedFrame }, { waitMs: 0, end: 'close' });
      return steps;
    }
    if (sent >= events.length) {
      steps.push({ waitMs: 0, end: 'close' });
      return steps;
    }
    steps.push({ waitMs, frame: `data: ${events[sent]}\n\n` });
  }
}
