import { type ContractCheck, skipCheck, skipReasons } from '../engine/check.js';
import { fail } from '../judgements/answers.js';
import { failedStreamProblems } from '../judgements/failedStreams.js';
import type { ContractSpec } from '../model/spec.js';
import { assumptionEntry, streamFailureEntry } from '../promises/coverageIds.js';
import { AnswerBrokenOff } from '../transport/http.js';
import { exampleBody } from './shared/requests.js';

/**
 * How a stream fails (assumption chat-stream-openai-compatible): one event whose data is an `ErrorResponse`, then the
 * end, no terminator, valid chunks before it. A live service cannot be asked to fail, so the check judges every
 * stream of the run that failed mid-way, whichever check met it, and sends two streams of its own; it runs after the
 * operation's other checks (last in `buildChecks`) and is skipped, saying why, when no stream failed.
 */
export function streamFailureChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('createChatCompletion');
  const terminator = op.responses['200']?.content['text/event-stream']?.streamTerminator;
  if (terminator === undefined) return [];
  return [
    {
      name: `fails a stream mid-way as the spec says: valid chunks, one error event holding an ErrorResponse, then the end without data: ${terminator}`,
      operationId: op.operationId,
      tags: op.tags,
      kind: 'semantic',
      mutates: true,
      requires: [],
      covers: [streamFailureEntry(op.operationId, '200'), assumptionEntry('chat-stream-openai-compatible')],
      async run(ctx) {
        const body = { ...exampleBody(ctx, op), stream: true };
        for (const more of [{}, { stream_options: { include_usage: true } }]) {
          try {
            // Whatever it answers is kept by the run if it failed mid-way (`keepFailedStream`); other statuses are
            // the concern of other checks.
            await ctx.http.send({ op, body: { ...body, ...more } });
          } catch (error) {
            if (!(error instanceof AnswerBrokenOff)) throw error;
          }
        }
        const failed = (ctx.state.failedStreams ?? []).filter(
          (stream) => stream.answer.op.operationId === op.operationId,
        );
        if (failed.length === 0) skipCheck(skipReasons.noFailedStream);
        for (const stream of failed) {
          const problems = failedStreamProblems(ctx.validator, stream);
          if (problems.length > 0) fail(stream.answer, problems.join('; '));
        }
      },
    },
  ];
}
