import type { CreateEmbeddingsResponse } from '@inference-infra/types';
import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, jsonOf, judgeAnswer } from '../../judgements/answers.js';
import { base64EmbeddingProblem } from '../../judgements/embeddingBase64.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry, bodyEntry } from '../../promises/coverageIds.js';
import type { ContractResponse } from '../../transport/http.js';
import { expectRefusalNaming } from '../shared/refusals.js';
import { exampleBody, expectAnswer } from '../shared/requests.js';

/** The vectors of an answer as numbers, base64 ones decoded (little-endian float32, assumption embedding-base64-is-a-string). */
function vectorsOf(response: ContractResponse): number[][] {
  return jsonOf<CreateEmbeddingsResponse>(response).data.map((item) => {
    if (Array.isArray(item.embedding)) return item.embedding as number[];
    const bytes = Buffer.from(String(item.embedding), 'base64');
    return Array.from({ length: Math.floor(bytes.length / 4) }, (_, i) => bytes.readFloatLE(i * 4));
  });
}

const cosine = (a: number[], b: number[]) =>
  a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0) / ((Math.hypot(...a) || 1) * (Math.hypot(...b) || 1));

/**
 * `dimensions` under each `encoding_format` (assumption embedding-dimensions): from 1 to the model's own size every
 * embedding of a batch holds exactly that many values, at unit length, in the direction of the full vector's first
 * values, the same in base64 as in floats; above the model's size it is refused with 400 naming it, whatever the
 * encoding. The model's size is the length of an embedding asked without `dimensions`.
 */
export function embeddingDimensionProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('createEmbeddings');
  const formats = (spec.resolve('#/components/schemas/EmbeddingRequest/properties/encoding_format').value
    .enum ?? []) as string[];
  return [
    propertyCheck({
      name: 'shortens every embedding of a batch to dimensions, in each encoding_format alike, and refuses more than the model has',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state'],
      covers: [
        assumptionEntry('embedding-dimensions'),
        bodyEntry(op.operationId, ['encoding_format'], 'enum'),
      ],
      async setup(ctx) {
        const body = { ...exampleBody(ctx, op), input: 'contract tests', encoding_format: 'float' };
        const full = await expectAnswer(ctx, { op, body }, 200);
        return (vectorsOf(full)[0] ?? []).length;
      },
      cases: (_, size) =>
        fc.record({
          dimensions: fc.oneof(
            { weight: 4, arbitrary: fc.integer({ min: 1, max: Math.max(1, size) }) },
            { weight: 1, arbitrary: fc.integer({ min: size + 1, max: size + 8 }) },
          ),
          format: fc.constantFrom<string | undefined>(undefined, ...formats),
          texts: fc.array(fc.constantFrom('volume', 'GPU hours', 'a ledger of credits', 'résumé'), {
            minLength: 1,
            maxLength: 3,
          }),
        }),
      async check(ctx, { dimensions, format, texts }, size) {
        const body: Record<string, unknown> = { ...exampleBody(ctx, op), input: texts };
        delete body.encoding_format;
        if (format !== undefined) body.encoding_format = format;
        const asked = await ctx.http.send({ op, body: { ...body, dimensions } });
        if (dimensions > size) {
          expectRefusalNaming(ctx, asked, { field: 'dimensions', param: 'dimensions', rule: 'maximum' });
          return;
        }
        const response = judgeAnswer(ctx, asked, 200);
        const full = vectorsOf(
          await expectAnswer(ctx, { op, body: { ...body, encoding_format: 'float' } }, 200),
        );
        const floats =
          format === 'base64'
            ? jsonOf<CreateEmbeddingsResponse>(
                await expectAnswer(ctx, { op, body: { ...body, dimensions, encoding_format: 'float' } }, 200),
              ).data.map((item) => item.embedding as number[])
            : undefined;
        vectorsOf(response).forEach((vector, index) => {
          const at = `data[${index}] (encoding_format ${format ?? 'default'}, dimensions ${dimensions})`;
          if (vector.length !== dimensions)
            fail(response, `${at} holds ${vector.length} values, not ${dimensions}`);
          const norm = Math.hypot(...vector);
          if (Math.abs(norm - 1) > 1e-3) fail(response, `${at} has length ${norm}, not 1 (normalised again)`);
          const head = (full[index] ?? []).slice(0, dimensions);
          if (cosine(vector, head) < 0.999)
            fail(response, `${at} is not the first ${dimensions} values of the full embedding, normalised`);
          const float = floats?.[index];
          if (float) {
            const item = jsonOf<CreateEmbeddingsResponse>(response).data[index];
            const problem = base64EmbeddingProblem(String(item?.embedding), float);
            if (problem) fail(response, `${at}: ${problem}`);
          }
        });
      },
    }),
  ];
}
