import type { GenerateImagesResponse } from '@inference-infra/types';
import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, jsonOf } from '../../judgements/answers.js';
import { firstImageSize } from '../../judgements/imageSize.js';
import { createdProblem, plainBase64 } from '../../judgements/inferenceAnswers.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry, bodyEntry } from '../../promises/coverageIds.js';
import { exampleBody, expectAnswer } from '../shared/requests.js';

/**
 * Images over generated requests: each `response_format` (and its default) with and without a size: every result
 * carries exactly the field the format names, `created` is Unix seconds, and a `b64_json` image is a PNG of the size
 * asked for. Sizes stay near the minimum, where images are cheap to make.
 */
export function imageProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('generateImages');
  const request = spec.resolve('#/components/schemas/ImageGenerationRequest').value;
  const properties = request.properties as Record<
    string,
    { minimum?: number; enum?: string[]; default?: string }
  >;
  const formats = properties.response_format?.enum ?? [];
  const fallback = properties.response_format?.default;
  const width = properties.width?.minimum ?? 256;
  const height = properties.height?.minimum ?? 256;
  return [
    propertyCheck({
      name: 'answers the field response_format names, and PNGs of the size asked for',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state'],
      covers: [
        assumptionEntry('image-result-one-field-per-format'),
        assumptionEntry('image-fields-not-taken'),
        bodyEntry(op.operationId, ['response_format'], 'enum'),
        bodyEntry(op.operationId, ['response_format'], 'default'),
      ],
      cases: () =>
        fc.record({
          format: fc.constantFrom<string | undefined>(undefined, ...formats),
          size: fc.option(
            fc.record({
              width: fc.integer({ min: width, max: width + 64 }),
              height: fc.integer({ min: height, max: height + 64 }),
            }),
            { nil: undefined },
          ),
        }),
      async check(ctx, { format, size }) {
        const body: Record<string, unknown> = exampleBody(ctx, op);
        for (const field of ['response_format', 'width', 'height', 'aspect_ratio', 'size'])
          delete body[field];
        if (format !== undefined) body.response_format = format;
        if (size) Object.assign(body, size);
        const response = await expectAnswer(ctx, { op, body }, 200);
        const { data, created } = jsonOf<GenerateImagesResponse>(response);
        const problem = createdProblem(created, ctx.target);
        if (problem) fail(response, problem);
        if (data.length === 0) fail(response, 'answered no image');
        const field = format ?? fallback;
        data.forEach((result, index) => {
          const fields = Object.keys(result);
          if (fields.length !== 1 || fields[0] !== field)
            fail(
              response,
              `data[${index}] has ${fields.join(', ') || 'no field'}; response_format ${format ?? '(default)'} asks for ${field} only`,
            );
          if (field === 'b64_json' && !plainBase64.test(String(result.b64_json)))
            fail(response, `data[${index}].b64_json is not plain base64`);
        });
        if (field !== 'b64_json') return;
        const got = firstImageSize(response);
        if (size && (got.width !== size.width || got.height !== size.height))
          fail(response, `asked for ${size.width}x${size.height}, the PNG is ${got.width}x${got.height}`);
      },
    }),
  ];
}
