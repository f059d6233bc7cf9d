import type { CreateEmbeddingsResponse } from '@inference-infra/types';
import type { ContractCheck } from '../engine/check.js';
import { fail, jsonOf } from '../judgements/answers.js';
import { base64EmbeddingProblem } from '../judgements/embeddingBase64.js';
import { plainBase64, requestProperty } from '../judgements/inferenceAnswers.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry } from '../promises/coverageIds.js';
import { exampleBody, expectAnswer } from './shared/requests.js';

/** Embeddings: the form of each vector per `encoding_format`, and one embedding per input item in input order. */
export function embeddingChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('createEmbeddings');
  const formats = (requestProperty(spec, 'EmbeddingRequest', 'encoding_format').enum ?? []) as string[];
  const base = { operationId: op.operationId, tags: op.tags, mutates: true } as const;
  const checks: ContractCheck[] = formats.map((format) => ({
    ...base,
    name: `answers ${format} embeddings as ${format === 'base64' ? 'base64 strings of float32 values' : 'arrays of numbers'}`,
    kind: 'semantic',
    requires: [],
    covers: [
      bodyEntry(op.operationId, ['encoding_format'], 'enum'),
      assumptionEntry('embedding-base64-is-a-string'),
      assumptionEntry('embedding-response-fields-required'),
      assumptionEntry('usage-fields-required'),
      ...answerCovers(spec, op, 200),
    ],
    async run(ctx) {
      const body = { ...exampleBody(ctx, op), encoding_format: format };
      const response = await expectAnswer(ctx, { op, body }, 200);
      const { data } = jsonOf<CreateEmbeddingsResponse>(response);
      if (data.length === 0) fail(response, 'answered no embedding');
      data.forEach(({ embedding }, index) => {
        // Assumed by the spec (embedding-base64-is-a-string): base64 carries little-endian float32 values.
        const ok =
          format === 'base64'
            ? typeof embedding === 'string' &&
              plainBase64.test(embedding) &&
              Buffer.from(embedding, 'base64').length % 4 === 0
            : Array.isArray(embedding);
        if (!ok) fail(response, `data[${index}].embedding is not in the ${format} form`);
      });
    },
  }));
  if (formats.includes('base64') && formats.includes('float')) {
    checks.push({
      ...base,
      name: 'answers base64 embeddings that decode to the float ones (little-endian float32, same length)',
      kind: 'semantic',
      requires: ['state'],
      covers: [assumptionEntry('embedding-base64-is-a-string')],
      async run(ctx) {
        const body = { ...exampleBody(ctx, op), input: ['contract tests'] };
        const floats = await expectAnswer(ctx, { op, body: { ...body, encoding_format: 'float' } }, 200);
        const encoded = await expectAnswer(ctx, { op, body: { ...body, encoding_format: 'base64' } }, 200);
        const vector = jsonOf<CreateEmbeddingsResponse>(floats).data[0]?.embedding as number[];
        const text = jsonOf<CreateEmbeddingsResponse>(encoded).data[0]?.embedding as unknown as string;
        const problem = base64EmbeddingProblem(text, vector);
        if (problem) fail(encoded, problem);
      },
    });
  }
  checks.push({
    ...base,
    name: 'answers one embedding per input item, in input order',
    kind: 'semantic',
    requires: ['state'],
    covers: [
      assumptionEntry('embedding-input-types'),
      bodyEntry(op.operationId, ['input'], 'oneOf[1]'),
      bodyEntry(op.operationId, ['input'], 'oneOf[3]'),
    ],
    async run(ctx) {
      for (const input of [
        ['first text', 'second text', 'third text'],
        [[101, 102], [103]],
      ]) {
        const response = await expectAnswer(ctx, { op, body: { ...exampleBody(ctx, op), input } }, 200);
        const { data } = jsonOf<CreateEmbeddingsResponse>(response);
        if (data.length !== input.length)
          fail(response, `answered ${data.length} embeddings for ${input.length} input items`);
        data.forEach((item, position) => {
          if (item.index !== position)
            fail(response, `data[${position}].index is ${item.index}, not ${position}`);
        });
      }
    },
  });
  return checks;
}
