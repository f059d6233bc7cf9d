import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail } from '../../judgements/answers.js';
import { usageProblem } from '../../judgements/chatUsage.js';
import { createdProblem } from '../../judgements/inferenceAnswers.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry, bodyEntry } from '../../promises/coverageIds.js';
import type { ContractResponse } from '../../transport/http.js';
import type { Target } from '../../transport/target.js';
import { exampleBody, expectAnswer } from '../shared/requests.js';

interface ChatCase {
  statedWhole: boolean;
  statedNoUsage: boolean;
  max_tokens?: number;
  max_completion_tokens?: number;
  stop?: string | string[];
}

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

/** What an answer said, whole or streamed: its text, usage, finish reason and (for a stream) its chunks' ids. */
interface ChatOutcome {
  content: string;
  usage?: Usage | null;
  finishReason?: unknown;
}

// Short, common pieces of text: a stop sequence that often occurs, so the cut is exercised, not only declared.
const stopPieces = ['e', 'a', ' ', '.', 'th', 'in', ',', 'the'];

function wholeOutcome(response: ContractResponse, target: Target): ChatOutcome {
  const answer = response.json as {
    created?: unknown;
    usage?: Usage;
    choices: Array<{ message: { content?: string | null }; finish_reason?: unknown }>;
  };
  const created = createdProblem(answer.created, target);
  if (created) fail(response, created);
  return {
    content: answer.choices[0]?.message.content ?? '',
    usage: answer.usage,
    finishReason: answer.choices[0]?.finish_reason,
  };
}

function streamOutcome(response: ContractResponse, terminator: string, includeUsage: boolean): ChatOutcome {
  const chunks = (response.events ?? [])
    .filter((data) => data !== terminator)
    .map(
      (data) =>
        JSON.parse(data) as {
          id?: unknown;
          usage?: Usage | null;
          choices: Array<{ delta?: { content?: string | null }; finish_reason?: unknown }>;
        },
    );
  if (chunks.length === 0) fail(response, 'the stream holds no chunk before its end');
  const ids = new Set(chunks.map((chunk) => chunk.id));
  if (ids.size > 1) fail(response, `the chunks of one stream carry ${ids.size} ids`);
  const withUsage = chunks.flatMap((chunk, index) => (chunk.usage != null ? [index] : []));
  const last = chunks[chunks.length - 1];
  if (includeUsage) {
    if (withUsage.length !== 1 || withUsage[0] !== chunks.length - 1)
      fail(
        response,
        `stream_options.include_usage is true: exactly the last chunk must carry usage (chunks with usage: ${withUsage.join(', ') || 'none'} of ${chunks.length})`,
      );
    if ((last?.choices ?? []).length !== 0)
      fail(response, `the usage chunk has ${last?.choices.length} choices; it must have none`);
  } else if (withUsage.length > 0) {
    fail(
      response,
      `${withUsage.length} chunks carry usage, though stream_options.include_usage was not true`,
    );
  }
  const finish = chunks
    .flatMap((chunk) => chunk.choices.map((choice) => choice.finish_reason))
    .filter(Boolean);
  return {
    content: chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join(''),
    usage: includeUsage ? last?.usage : undefined,
    finishReason: finish[finish.length - 1],
  };
}

/**
 * Chat over generated requests: streamed or whole, with or without usage in the stream, with `max_tokens`,
 * `max_completion_tokens` or both, and stop sequences. Every promise holds in both branches: usage adds up, the
 * completion stays within its token limit (`max_completion_tokens` winning), the text never holds a stop sequence, a
 * stream's chunks share one id and carry usage only in one last chunk when asked.
 */
export function chatProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('createChatCompletion');
  const terminator = op.responses['200']?.content['text/event-stream']?.streamTerminator ?? '[DONE]';
  const stopSchema = spec.resolve('#/components/schemas/ChatCompletionRequest/properties/stop').value;
  const maxStops = Number((stopSchema.oneOf as Array<{ maxItems?: number }> | undefined)?.[1]?.maxItems ?? 4);
  const piece = fc.constantFrom(...stopPieces);
  const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
  return [
    propertyCheck({
      name: 'keeps usage, token limits and stop sequences in whole and streamed answers alike',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state'],
      covers: [
        assumptionEntry('chat-request-openai-compatible'),
        assumptionEntry('chat-stream-openai-compatible'),
        bodyEntry(op.operationId, ['stop'], 'oneOf[0]'),
        bodyEntry(op.operationId, ['stop'], 'oneOf[1]'),
      ],
      cases: () =>
        fc.record(
          {
            // How the whole answer is asked for: `stream: false` stated, or left to its default.
            statedWhole: fc.boolean(),
            // How a stream without usage is asked for: `include_usage: false` stated, or no `stream_options`.
            statedNoUsage: fc.boolean(),
            // Each limit half the time, so each is tried alone, both together, and neither.
            max_tokens: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined, freq: 2 }),
            max_completion_tokens: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined, freq: 2 }),
            stop: maybe(fc.oneof(piece, fc.uniqueArray(piece, { minLength: 1, maxLength: maxStops }))),
          },
          { requiredKeys: ['statedWhole', 'statedNoUsage'] },
        ) as fc.Arbitrary<ChatCase>,
      async check(ctx, input) {
        const body: Record<string, unknown> = exampleBody(ctx, op);
        for (const field of ['stream', 'stream_options', 'max_tokens', 'max_completion_tokens', 'stop'])
          delete body[field];
        if (input.max_tokens !== undefined) body.max_tokens = input.max_tokens;
        if (input.max_completion_tokens !== undefined)
          body.max_completion_tokens = input.max_completion_tokens;
        if (input.stop !== undefined) body.stop = input.stop;
        // Every case in every branch: the whole answer, a stream with its usage chunk, and a stream without one.
        const branches: Array<{ extra: Record<string, unknown>; streamed: boolean; includeUsage: boolean }> =
          [
            { extra: input.statedWhole ? { stream: false } : {}, streamed: false, includeUsage: false },
            {
              extra: { stream: true, stream_options: { include_usage: true } },
              streamed: true,
              includeUsage: true,
            },
            {
              extra: input.statedNoUsage
                ? { stream: true, stream_options: { include_usage: false } }
                : { stream: true },
              streamed: true,
              includeUsage: false,
            },
          ];
        for (const { extra, streamed, includeUsage } of branches) {
          const response = await expectAnswer(ctx, { op, body: { ...body, ...extra } }, 200, {
            expectMediaType: streamed ? 'text/event-stream' : 'application/json',
          });
          const outcome = streamed
            ? streamOutcome(response, terminator, includeUsage)
            : wholeOutcome(response, ctx.target);
          if (outcome.usage) {
            const sum = usageProblem(outcome.usage);
            if (sum) fail(response, sum);
          }
          const limit = input.max_completion_tokens ?? input.max_tokens;
          const tokens = outcome.usage?.completion_tokens;
          if (limit !== undefined && typeof tokens === 'number' && tokens > limit) {
            const which = input.max_completion_tokens !== undefined ? 'max_completion_tokens' : 'max_tokens';
            fail(response, `usage.completion_tokens is ${tokens}, above ${which} ${limit}`);
          }
          for (const stop of input.stop === undefined ? [] : [input.stop].flat()) {
            if (outcome.content.includes(stop))
              fail(
                response,
                `the ${streamed ? 'streamed ' : ''}content holds the stop sequence ${JSON.stringify(stop)}`,
              );
          }
        }
      },
    }),
  ];
}
