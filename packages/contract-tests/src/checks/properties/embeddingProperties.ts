import type { CreateEmbeddingsResponse } from '@inference-infra/types';
import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, jsonOf } from '../../judgements/answers.js';
import { base64EmbeddingProblem } from '../../judgements/embeddingBase64.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry, bodyEntry } from '../../promises/coverageIds.js';
import type { ContractResponse } from '../../transport/http.js';
import { exampleBody, expectAnswer } from '../shared/requests.js';

type Input = string | string[] | number[] | number[][];

/** Embeddings the input asks for: one per item of a list of texts or of token lists, one for a text or a token list. */
function itemsOf(input: Input): number {
  if (typeof input === 'string') return 1;
  return typeof input[0] === 'number' ? 1 : input.length;
}

/** The answer's items, one per input item, in input order (`index` 0, 1, 2...), each with its vector. */
function embeddingsOf(response: ContractResponse, input: Input): Array<number[] | string> {
  const { data } = jsonOf<CreateEmbeddingsResponse>(response);
  const expected = itemsOf(input);
  if (data.length !== expected)
    fail(response, `answered ${data.length} embeddings for ${expected} input items`);
  data.forEach((item, position) => {
    if (item.index !== position) fail(response, `data[${position}].index is ${item.index}, not ${position}`);
  });
  return data.map((item) => item.embedding as number[] | string);
}

/**
 * Embeddings over generated inputs of all four forms the spec takes (a text, texts, a token list, token lists) and
 * batches of several sizes, each asked as floats and as base64: one embedding per input item, in order, in both
 * encodings, and every item's base64 decodes to its float vector (not only the first item's).
 */
export function embeddingProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('createEmbeddings');
  const text = fc.string({ maxLength: 24 });
  const tokens = fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 4 });
  return [
    propertyCheck({
      name: 'answers one embedding per input item, in order, as floats and as base64 that decodes to them',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state'],
      covers: [
        assumptionEntry('embedding-input-types'),
        assumptionEntry('embedding-base64-is-a-string'),
        ...[0, 1, 2, 3].map((branch) => bodyEntry(op.operationId, ['input'], `oneOf[${branch}]`)),
      ],
      cases: () =>
        fc.record({
          input: fc.oneof(
            text,
            fc.array(text, { minLength: 1, maxLength: 6 }),
            tokens,
            fc.array(tokens, { minLength: 1, maxLength: 5 }),
          ) as fc.Arbitrary<Input>,
          // The float side with the format stated or left to its default.
          floatFormat: fc.constantFrom<'float' | undefined>('float', undefined),
        }),
      async check(ctx, { input, floatFormat }) {
        const body: Record<string, unknown> = { ...exampleBody(ctx, op), input };
        delete body.encoding_format;
        const floats = await expectAnswer(
          ctx,
          { op, body: floatFormat ? { ...body, encoding_format: floatFormat } : body },
          200,
        );
        const encoded = await expectAnswer(ctx, { op, body: { ...body, encoding_format: 'base64' } }, 200);
        const vectors = embeddingsOf(floats, input);
        const strings = embeddingsOf(encoded, input);
        vectors.forEach((vector, index) => {
          if (!Array.isArray(vector)) fail(floats, `data[${index}].embedding is not an array of numbers`);
          const text = strings[index];
          if (typeof text !== 'string') fail(encoded, `data[${index}].embedding is not a base64 string`);
          const problem = base64EmbeddingProblem(text, vector);
          if (problem) fail(encoded, `data[${index}]: ${problem}`);
        });
      },
    }),
  ];
}
