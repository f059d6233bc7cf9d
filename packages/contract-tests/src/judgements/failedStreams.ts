import type { SchemaValidator } from '../model/schemaValidator.js';
import { formatViolations } from '../model/schemaValidator.js';
import type { SpecOperation } from '../model/spec.js';
import { type ContractResponse, readEventStream, type StreamEvent } from '../transport/http.js';

/** A streamed answer that failed mid-way, as it arrived; `brokenOff` when its body broke off rather than ended. */
export interface FailedStream {
  answer: ContractResponse;
  brokenOff: boolean;
}

/** Failed streams a run keeps for judging: the first few say all a partner needs, and each holds a whole body. */
export const keptFailedStreams = 8;

/**
 * The spec's failure event (assumption chat-stream-openai-compatible): an event whose data is an error body. The spec
 * names no event type, so one without `event:` is judged by its data (an object with `error`, as OpenAI-style clients
 * read it) and one named `error` is one whatever its data holds: the fetch client reads both as the failure.
 */
export function isErrorEvent(event: StreamEvent): boolean {
  if (event.event === 'error') return true;
  try {
    const data: unknown = JSON.parse(event.data);
    return typeof data === 'object' && data !== null && !Array.isArray(data) && 'error' in data;
  } catch {
    return false;
  }
}

function streamMediaOf(answer: ContractResponse) {
  return answer.op.responses[String(answer.status)]?.content['text/event-stream'];
}

/**
 * Whether a stream failed mid-way: an error event in it, or no terminator at its end. A stream the server ended with
 * its terminator did not fail, even if the connection broke after it: the client already had the whole answer.
 */
export function streamFailed(events: StreamEvent[], terminator: string): boolean {
  return events.at(-1)?.data !== terminator || events.some(isErrorEvent);
}

/** Where a run keeps its failed streams: the run's state (`RunState`), which holds them for the check of how a stream fails. */
export interface FailedStreamStore {
  failedStreams?: FailedStream[];
}

/** Keeps a streamed answer that failed mid-way, for the check of how a stream fails (`createCheckContext` calls it). */
export function keepFailedStream(
  state: FailedStreamStore,
  answer: ContractResponse,
  brokenOff: boolean,
): void {
  const terminator = streamMediaOf(answer)?.streamTerminator;
  if (terminator === undefined || !streamFailed(readEventStream(answer.text), terminator)) return;
  state.failedStreams ??= [];
  if (state.failedStreams.length < keptFailedStreams) state.failedStreams.push({ answer, brokenOff });
}

/**
 * The schema of the operation's failures as the bundled spec gives it (`ErrorResponse`): the JSON of its documented
 * 500, or else of any failure status it documents. Never a copy: the failure event holds what a failure answer holds.
 */
export function errorSchemaPointer(op: SpecOperation): string | undefined {
  const failures = Object.entries(op.responses).filter(([status]) => /^[45]/.test(status));
  const ordered = [...failures.filter(([status]) => status === '500'), ...failures];
  return ordered.map(([, response]) => response.content['application/json']?.schemaPointer).find(Boolean);
}

/**
 * What breaks the spec in a stream that failed mid-way: the spec sends such a failure as one event whose data is an
 * `ErrorResponse`, after which the stream ends without its terminator, and every event before it is a valid chunk.
 */
export function failedStreamProblems(validator: SchemaValidator, stream: FailedStream): string[] {
  const { answer, brokenOff } = stream;
  const media = streamMediaOf(answer);
  const terminator = media?.streamTerminator ?? '[DONE]';
  const excerpt = (text: string) => answer.redactor.excerpt(text, 120);
  const events = readEventStream(answer.text);
  const at = events.findIndex(isErrorEvent);
  const problems: string[] = [];
  for (const [index, event] of (at === -1 ? events : events.slice(0, at)).entries()) {
    if (event.data === terminator) {
      problems.push(`data: ${terminator} is event ${index}, but the stream goes on after it`);
      continue;
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      problems.push(`event ${index} is not JSON: ${excerpt(event.data)}`);
      continue;
    }
    const violations = media?.streamEventSchemaPointer
      ? validator.violations(media.streamEventSchemaPointer, chunk)
      : [];
    if (violations.length > 0)
      problems.push(
        `event ${index} breaks the chunk schema (x-stream-event-schema): ${formatViolations(violations)}`,
      );
  }
  if (at === -1) {
    const how = brokenOff ? 'broke off' : `ended without data: ${terminator}`;
    problems.push(
      `the stream ${how} after ${events.length} events, without an error event: a failure after the stream started is one event whose data is an ErrorResponse`,
    );
    return problems;
  }
  const failure = events[at] as StreamEvent;
  const pointer = errorSchemaPointer(answer.op);
  let body: unknown;
  try {
    body = JSON.parse(failure.data);
  } catch {
    problems.push(`the error event (event ${at}) holds data that is not JSON: ${excerpt(failure.data)}`);
  }
  if (body !== undefined && pointer) {
    const violations = validator.violations(pointer, body);
    if (violations.length > 0)
      problems.push(
        `the error event (event ${at}) breaks ${pointer.split('/').pop()}: ${formatViolations(violations)}`,
      );
  }
  const after = events.slice(at + 1);
  if (after.length > 0) {
    const done = after.some((event) => event.data === terminator);
    problems.push(
      `${after.length} event${after.length === 1 ? '' : 's'} after the error event (first: data: ${excerpt((after[0] as StreamEvent).data)})${done ? `, data: ${terminator} among them` : ''}: the stream ends at the error event, without data: ${terminator}`,
    );
  }
  return problems;
}
