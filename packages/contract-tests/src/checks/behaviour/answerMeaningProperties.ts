import type { CreateEmbeddingsResponse } from '@inference-infra/types';
import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, jsonOf } from '../../judgements/answers.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry, crossFieldEntry } from '../../promises/coverageIds.js';
import type { ContractResponse } from '../../transport/http.js';
import { exampleBody, expectAnswer } from '../shared/requests.js';

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

interface Said {
  content: string;
  finishReason?: unknown;
  usage?: Usage;
}

function wholeSaid(response: ContractResponse): Said {
  const answer = response.json as {
    usage?: Usage;
    choices: Array<{ message: { content?: string | null }; finish_reason?: unknown }>;
  };
  return {
    content: answer.choices[0]?.message.content ?? '',
    finishReason: answer.choices[0]?.finish_reason,
    ...(answer.usage ? { usage: answer.usage } : {}),
  };
}

function streamSaid(response: ContractResponse, terminator: string): Said {
  const chunks = (response.events ?? [])
    .filter((data) => data !== terminator)
    .map(
      (data) =>
        JSON.parse(data) as {
          usage?: Usage | null;
          choices: Array<{ delta?: { content?: string | null }; finish_reason?: unknown }>;
        },
    );
  const reasons = chunks
    .flatMap((chunk) => chunk.choices.map((c) => c.finish_reason))
    .filter((r) => r != null);
  const usage = chunks.filter((chunk) => chunk.usage != null).at(-1)?.usage;
  return {
    content: chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join(''),
    finishReason: reasons[reasons.length - 1],
    ...(usage ? { usage } : {}),
  };
}

interface LimitCase {
  max_tokens?: number;
  max_completion_tokens?: number;
  stop?: string;
}

/**
 * What a chat answer means, in the whole answer and the stream alike: `finish_reason: length` says the token limit cut
 * the text, so with a limit given the completion holds exactly that many tokens (`max_completion_tokens` winning over
 * `max_tokens`, assumption chat-max-completion-tokens); a stop sequence or the model's own end is `stop`. The prompt
 * is counted the same in both (one request, one prompt), and a text is never zero tokens long.
 */
export function chatMeaningProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('createChatCompletion');
  const terminator = op.responses['200']?.content['text/event-stream']?.streamTerminator ?? '[DONE]';
  const limit = fc.integer({ min: 1, max: 16 });
  return [
    propertyCheck<LimitCase>({
      name: 'answers finish_reason as the limit or stop sequence that applied, and counts usage alike in whole and streamed answers',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state'],
      covers: [
        assumptionEntry('chat-max-completion-tokens'),
        assumptionEntry('chat-response-openai-compatible'),
        crossFieldEntry(op.operationId, ['max_tokens', 'max_completion_tokens']),
      ],
      cases: () =>
        fc.record(
          {
            max_tokens: limit,
            max_completion_tokens: limit,
            stop: fc.constantFrom(' the', 'e', ' GPU', '.', 'a', ' and'),
          },
          { requiredKeys: [] },
        ),
      async check(ctx, input) {
        const body: Record<string, unknown> = exampleBody(ctx, op);
        for (const field of ['stream', 'stream_options', 'max_tokens', 'max_completion_tokens', 'stop'])
          delete body[field];
        Object.assign(body, input);
        const effective = input.max_completion_tokens ?? input.max_tokens;
        const which = input.max_completion_tokens !== undefined ? 'max_completion_tokens' : 'max_tokens';
        const whole = await expectAnswer(ctx, { op, body }, 200, { expectMediaType: 'application/json' });
        const streamed = await expectAnswer(
          ctx,
          { op, body: { ...body, stream: true, stream_options: { include_usage: true } } },
          200,
          { expectMediaType: 'text/event-stream' },
        );
        const answers: Array<[ContractResponse, Said]> = [
          [whole, wholeSaid(whole)],
          [streamed, streamSaid(streamed, terminator)],
        ];
        for (const [response, said] of answers) {
          const tokens = said.usage?.completion_tokens;
          if (
            said.finishReason === 'length' &&
            effective !== undefined &&
            tokens !== undefined &&
            tokens !== effective
          )
            fail(
              response,
              `finish_reason is length (cut by the token limit), but the completion holds ${tokens} tokens, not ${which} ${effective}${input.stop === undefined ? '' : ` (a stop sequence ${JSON.stringify(input.stop)} was given: its cut is finish_reason stop)`}`,
            );
          if (said.content.length > 0 && tokens === 0)
            fail(response, `usage.completion_tokens is 0 for a text of ${said.content.length} characters`);
        }
        const [wholePrompt, streamPrompt] = answers.map(([, said]) => said.usage?.prompt_tokens);
        if (wholePrompt !== undefined && streamPrompt !== undefined && wholePrompt !== streamPrompt)
          fail(
            streamed,
            `usage.prompt_tokens is ${streamPrompt} in the stream but ${wholePrompt} in the whole answer to the same messages`,
          );
      },
    }),
  ];
}

/**
 * Indexes across batches of several sizes, past the few items the other properties send: one embedding per input, in
 * input order, `index` 0 to n-1, in each encoding.
 */
export function embeddingBatchProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('createEmbeddings');
  return [
    propertyCheck({
      name: 'numbers the embeddings of batches of any size 0 to n-1, in input order',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state'],
      covers: [assumptionEntry('embedding-input-types')],
      cases: () =>
        fc.record({
          size: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 9, max: 32 })),
          tokens: fc.boolean(),
          format: fc.constantFrom<string | undefined>(undefined, 'float', 'base64'),
        }),
      async check(ctx, { size, tokens, format }) {
        const input = Array.from({ length: size }, (_, i) => (tokens ? [i + 1, 7] : `item ${i}`));
        const body: Record<string, unknown> = { ...exampleBody(ctx, op), input };
        delete body.encoding_format;
        if (format !== undefined) body.encoding_format = format;
        const response = await expectAnswer(ctx, { op, body }, 200);
        const { data } = jsonOf<CreateEmbeddingsResponse>(response);
        if (data.length !== size) fail(response, `answered ${data.length} embeddings for a batch of ${size}`);
        data.forEach((item, position) => {
          if (item.index !== position)
            fail(
              response,
              `data[${position}].index is ${item.index} in a batch of ${size}; it must be ${position}`,
            );
        });
      },
    }),
  ];
}
