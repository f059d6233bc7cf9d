import { redactorFor } from '@inference-infra/edge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { loadContractSpec } from '../model/spec.js';
import { type ContractResponse, parseEventStream } from '../transport/http.js';
import {
  errorSchemaPointer,
  type FailedStream,
  failedStreamProblems,
  streamFailed,
} from './failedStreams.js';

const spec = loadContractSpec();
const validator = createSchemaValidator(spec.document);
const op = spec.operation('createChatCompletion');
const media = op.responses['200']?.content['text/event-stream'];
const terminator = media?.streamTerminator ?? '[DONE]';
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** The chunks of the spec's own streamed example: valid chunks, whatever the spec says a chunk is. */
const exampleChunks = parseEventStream(String(media?.example ?? '')).filter((data) => data !== terminator);
/** The failure types the bundled spec's ErrorResponse allows, read from it rather than copied. */
const errorTypes = (
  spec.resolve(`${errorSchemaPointer(op)}/properties/error/properties/type`).value as { enum: string[] }
).enum;

const text = fc.string({ maxLength: 40 });
const errorBody = fc.record({
  error: fc.record({
    message: text,
    type: fc.constantFrom(...errorTypes),
    code: fc.option(text, { nil: null }),
    param: fc.option(text, { nil: null }),
    requestId: text,
  }),
});

interface Written {
  chunks: string[];
  error: string;
  named: boolean;
  lineEnd: string;
  comments: boolean;
  brokenOffAfter: boolean;
}

/** A failing stream as the spec allows it: valid chunks, then one event holding an ErrorResponse, then the end. */
const conformingFailure = fc.record<Written>({
  chunks: fc.array(fc.constantFrom(...exampleChunks), { maxLength: 5 }),
  error: errorBody.map((body) => JSON.stringify(body)),
  // The spec names no event type: `event: error` (the fetch client's toReadableStream) and none are both its event.
  named: fc.boolean(),
  lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
  comments: fc.boolean(),
  // The connection may break after the error event: the stream has ended there for every client.
  brokenOffAfter: fc.boolean(),
});

function streamText(written: Written, extra: string[] = []) {
  const end = written.lineEnd;
  const frame = (data: string, event?: string) =>
    `${written.comments ? `: keep-alive${end}` : ''}${event ? `event: ${event}${end}` : ''}data: ${data}${end}${end}`;
  return [
    ...written.chunks.map((data) => frame(data)),
    frame(written.error, written.named ? 'error' : undefined),
    ...extra.map((data) => frame(data)),
  ].join('');
}

function failed(text: string, brokenOff = false): FailedStream {
  const answer = { op, status: 200, text, redactor: redactorFor('ii_live_judge') } as ContractResponse;
  return { answer, brokenOff };
}

describe('the judge of a stream that failed mid-way', () => {
  console.log(`failed-stream judge: seed ${seed} (replay with FUZZ_SEED=${seed})`);

  it('passes every failing stream the spec allows (chunks, one error event named or not, then the end)', () => {
    fc.assert(
      fc.property(conformingFailure, (written) => {
        const stream = failed(streamText(written), written.brokenOffAfter);
        expect(failedStreamProblems(validator, stream)).toEqual([]);
      }),
      { seed, numRuns: 200 },
    );
  });

  it('fails each way of breaking it: data: [DONE] or a chunk after the error event, a bad body, no error event', () => {
    const breakings: Array<[string, (w: Written) => FailedStream, RegExp]> = [
      [
        '[DONE] after',
        (w) => failed(streamText(w, [terminator])),
        /after the error event.*\[DONE\] among them/,
      ],
      [
        'a chunk after',
        (w) => failed(streamText(w, [exampleChunks[0] as string])),
        /1 event after the error/,
      ],
      [
        'a body without error.type',
        (w) => {
          const body = JSON.parse(w.error);
          delete body.error.type;
          return failed(streamText({ ...w, error: JSON.stringify(body) }));
        },
        /the error event \(event \d+\) breaks ErrorResponse/,
      ],
      [
        'a body that is not JSON',
        (w) => failed(streamText({ ...w, error: '{"error":', named: true })),
        /not JSON/,
      ],
      [
        'no error event, cut',
        (w) => failed(streamText(w).split(/data: \{"error"/)[0] ?? '', true),
        /broke off after \d+ events, without an error event/,
      ],
      [
        'a chunk that is not JSON before it',
        (w) =>
          failed(streamText({ ...w, chunks: [...w.chunks, '{"id":"chatcmpl-broken","object":"chat.com'] })),
        /event \d+ is not JSON/,
      ],
    ];
    fc.assert(
      fc.property(conformingFailure, fc.constantFrom(...breakings), (written, [, breakIt, expected]) => {
        const problems = failedStreamProblems(validator, breakIt({ ...written, comments: false }));
        expect(problems.join('; ')).toMatch(expected);
      }),
      { seed, numRuns: 200 },
    );
  });

  it('counts a stream ended by its terminator as whole, and one without it or with an error event as failed', () => {
    const chunk = exampleChunks[0] as string;
    const events = (...data: string[]) => data.map((d) => ({ data: d }));
    expect(streamFailed(events(chunk, terminator), terminator)).toBe(false);
    expect(streamFailed(events(chunk), terminator)).toBe(true);
    expect(streamFailed([{ event: 'error', data: '{}' }, { data: terminator }], terminator)).toBe(true);
  });
});
