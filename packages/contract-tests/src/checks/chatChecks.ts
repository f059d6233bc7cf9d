import { type ContractCheck, skipCheck } from '../engine/check.js';
import { fail } from '../judgements/answers.js';
import { usageProblem } from '../judgements/chatUsage.js';
import { createdProblem } from '../judgements/inferenceAnswers.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry } from '../promises/coverageIds.js';
import { exampleBody, expectAnswer } from './shared/requests.js';

/** Chat: a whole answer is JSON; a streamed one is server-sent events of chunks that ends with `x-stream-terminator`. */
export function chatChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('createChatCompletion');
  const stream = op.responses['200']?.content['text/event-stream'];
  const base = {
    operationId: op.operationId,
    tags: op.tags,
    kind: 'semantic',
    mutates: true,
    requires: [],
  } as const;
  return [
    {
      ...base,
      name: 'answers a whole completion as application/json when stream is absent, created in Unix seconds',
      covers: [
        bodyEntry(op.operationId, ['stream'], 'default'),
        assumptionEntry('chat-openai-compatible'),
        assumptionEntry('chat-response-openai-compatible'),
        ...answerCovers(spec, op, 200),
      ],
      async run(ctx) {
        const body = exampleBody(ctx, op);
        delete body.stream;
        const response = await expectAnswer(ctx, { op, body }, 200, { expectMediaType: 'application/json' });
        const answer = response.json as { created?: unknown; usage?: unknown };
        const problem = createdProblem(answer.created, ctx.target) ?? usageProblem(answer.usage);
        if (problem) fail(response, problem);
      },
    },
    {
      ...base,
      name: 'stops at max_tokens (completion_tokens at most max_tokens, finish_reason length when cut)',
      requires: ['state'],
      covers: [assumptionEntry('chat-request-openai-compatible')],
      async run(ctx) {
        const body: Record<string, unknown> = { ...exampleBody(ctx, op), max_tokens: 3 };
        delete body.stream;
        const response = await expectAnswer(ctx, { op, body }, 200);
        const answer = response.json as {
          choices: Array<{ finish_reason: unknown }>;
          usage?: { completion_tokens?: number };
        };
        const tokens = answer.usage?.completion_tokens;
        if (tokens === undefined) skipCheck('the answer has no usage to count the tokens by');
        if (tokens > 3) fail(response, `usage.completion_tokens is ${tokens}, above max_tokens 3`);
        const reason = answer.choices[0]?.finish_reason;
        if (tokens === 3 && reason !== 'length' && reason !== 'stop')
          fail(response, `finish_reason is ${JSON.stringify(reason)} for an answer cut at max_tokens`);
      },
    },
    {
      ...base,
      name: 'ends the text before a stop sequence (the stop sequence is never in the content)',
      requires: ['state'],
      covers: [
        assumptionEntry('chat-request-openai-compatible'),
        bodyEntry(op.operationId, ['stop'], 'oneOf[1]'),
      ],
      async run(ctx) {
        const body = exampleBody(ctx, op);
        delete body.stream;
        const whole = await expectAnswer(ctx, { op, body }, 200);
        const content = (whole.json as { choices: Array<{ message: { content?: string | null } }> })
          .choices[0]?.message.content;
        // A word from the middle of the answer: the same request is likely to write it again.
        const words = (content ?? '').split(/\s+/).filter((word) => word.length > 2);
        const stop = words[Math.floor(words.length / 2)];
        if (!stop) skipCheck('the answer has no word to stop at');
        const cut = await expectAnswer(ctx, { op, body: { ...body, stop: [stop] } }, 200);
        const choice = (
          cut.json as { choices: Array<{ message: { content?: string | null }; finish_reason: unknown }> }
        ).choices[0];
        if ((choice?.message.content ?? '').includes(stop))
          fail(cut, `the content holds the stop sequence ${JSON.stringify(stop)}`);
      },
    },
    {
      ...base,
      name: 'ends a stream with one chunk of usage and no choices when stream_options.include_usage is true, and only then',
      requires: ['state'],
      covers: [
        bodyEntry(op.operationId, ['stream_options', 'include_usage'], 'default'),
        assumptionEntry('chat-stream-openai-compatible'),
      ],
      async run(ctx) {
        const body = { ...exampleBody(ctx, op), stream: true };
        const chunksOf = (events: string[] = []) =>
          events
            .filter((data) => data !== (stream?.streamTerminator ?? '[DONE]'))
            .map((data) => JSON.parse(data) as { choices: unknown[]; usage?: unknown });
        const plain = await expectAnswer(ctx, { op, body }, 200, { expectMediaType: 'text/event-stream' });
        const withUsage = chunksOf(plain.events).filter((chunk) => chunk.usage != null);
        if (withUsage.length > 0)
          fail(
            plain,
            `${withUsage.length} chunks carry usage, though stream_options.include_usage was not sent`,
          );
        const asked = await expectAnswer(
          ctx,
          { op, body: { ...body, stream_options: { include_usage: true } } },
          200,
          { expectMediaType: 'text/event-stream' },
        );
        const chunks = chunksOf(asked.events);
        const last = chunks[chunks.length - 1];
        const usage = last?.usage as { prompt_tokens?: unknown; total_tokens?: unknown } | null | undefined;
        if (!usage || typeof usage.prompt_tokens !== 'number' || typeof usage.total_tokens !== 'number') {
          fail(
            asked,
            'stream_options.include_usage is true, but the last chunk carries no usage with token counts',
          );
        }
        if ((last?.choices ?? []).length !== 0)
          fail(asked, `the usage chunk has ${last?.choices.length} choices; it must have none`);
        const early = chunks.slice(0, -1).filter((chunk) => chunk.usage != null);
        if (early.length > 0) fail(asked, `${early.length} chunks before the last carry usage`);
        const sum = usageProblem(usage);
        if (sum) fail(asked, sum);
      },
    },
    {
      ...base,
      name: `streams chunks as text/event-stream ending with data: ${stream?.streamTerminator ?? '[DONE]'} when stream is true`,
      covers: [
        assumptionEntry('chat-stream-openai-compatible'),
        ...answerCovers(spec, op, 200, 'text/event-stream'),
      ],
      async run(ctx) {
        const body = { ...exampleBody(ctx, op), stream: true };
        const response = await expectAnswer(ctx, { op, body }, 200, { expectMediaType: 'text/event-stream' });
        if ((response.events ?? []).length < 2) fail(response, 'the stream holds no chunk before its end');
        // Every chunk of one completion carries its id (OpenAI's chat.completion.chunk): one id for the whole stream.
        const ids = new Set(
          (response.events ?? [])
            .filter((data) => data !== (stream?.streamTerminator ?? '[DONE]'))
            .map((data) => (JSON.parse(data) as { id?: unknown }).id),
        );
        if (ids.size > 1)
          fail(
            response,
            `the chunks of one stream carry ${ids.size} ids: ${[...ids].slice(0, 3).join(', ')}`,
          );
      },
    },
  ];
}
