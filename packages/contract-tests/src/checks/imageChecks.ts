import type { GenerateImagesResponse } from '@inference-infra/types';
import type { ContractCheck } from '../engine/check.js';
import { fail, jsonOf } from '../judgements/answers.js';
import { firstImageSize } from '../judgements/imageSize.js';
import { createdProblem, plainBase64, requestProperty } from '../judgements/inferenceAnswers.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry } from '../promises/coverageIds.js';
import { exampleBody, expectAnswer } from './shared/requests.js';

/**
 * Images: each result carries exactly the field `response_format` names (assumed by the spec:
 * image-result-one-field-per-format), for every value of the enum and for the default.
 */
export function imageChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('generateImages');
  const format = requestProperty(spec, 'ImageGenerationRequest', 'response_format');
  const values = (format.enum ?? []) as string[];
  const cases: Array<{ value: string | undefined; field: string }> = [
    ...(typeof format.default === 'string' ? [{ value: undefined, field: format.default }] : []),
    ...values.map((value) => ({ value, field: value })),
  ];
  return cases.map(({ value, field }) => ({
    name:
      value === undefined
        ? `answers ${field} results when response_format is absent (the default)`
        : `answers ${field} results, and only ${field}, for response_format ${value}`,
    operationId: op.operationId,
    tags: op.tags,
    kind: 'semantic',
    mutates: true,
    requires: [],
    covers: [
      bodyEntry(op.operationId, ['response_format'], value === undefined ? 'default' : 'enum'),
      assumptionEntry('image-result-one-field-per-format'),
      assumptionEntry('image-response-fields-required'),
      ...answerCovers(spec, op, 200),
    ],
    async run(ctx) {
      const body = exampleBody(ctx, op);
      delete body.response_format;
      if (value !== undefined) body.response_format = value;
      const response = await expectAnswer(ctx, { op, body }, 200);
      const { data, created } = jsonOf<GenerateImagesResponse>(response);
      if (data.length === 0) fail(response, 'answered no image');
      const problem = createdProblem(created, ctx.target);
      if (problem) fail(response, problem);
      data.forEach((result, index) => {
        const fields = Object.keys(result);
        if (fields.length !== 1 || fields[0] !== field) {
          fail(
            response,
            `data[${index}] has ${fields.join(', ') || 'no field'}; response_format ${value ?? '(default)'} asks for ${field} only`,
          );
        }
        if (
          field === 'b64_json' &&
          !(typeof result.b64_json === 'string' && plainBase64.test(result.b64_json))
        ) {
          fail(
            response,
            `data[${index}].b64_json is not plain base64 (${response.redactor.excerpt(String(result.b64_json), 40)})`,
          );
        }
      });
    },
  }));
}

/**
 * Images: `width` and `height` decide the size of what comes back, read from the image itself when it is a PNG; with
 * one of them, `aspect_ratio` (1:1 when absent) gives the other (assumed by the spec: aspect-ratio-combination).
 */
export function imageSizeChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('generateImages');
  const width = requestProperty(spec, 'ImageGenerationRequest', 'width');
  const height = requestProperty(spec, 'ImageGenerationRequest', 'height');
  if (typeof width.minimum !== 'number' || typeof height.minimum !== 'number') return [];
  // Sizes near the minimum: cheap to make, and a server that swaps, ignores or misderives them shows it.
  const small = Math.max(width.minimum, height.minimum);
  const cases = [
    {
      ask: { width: small, height: small * 2, aspect_ratio: '1:1' },
      expect: [small, small * 2],
      why: 'both sides decide, aspect_ratio ignored',
    },
    {
      ask: { width: small * 2, aspect_ratio: '2:1' },
      expect: [small * 2, small],
      why: 'width and aspect_ratio 2:1',
    },
    { ask: { height: small * 2 }, expect: [small * 2, small * 2], why: 'height alone, 1:1' },
  ];
  return [
    {
      name: `answers images of the size asked for, read from the PNG (${cases.map((c) => c.why).join('; ')})`,
      operationId: op.operationId,
      tags: op.tags,
      kind: 'semantic',
      mutates: true,
      requires: ['state'],
      covers: [assumptionEntry('aspect-ratio-combination')],
      async run(ctx) {
        for (const { ask, expect, why } of cases) {
          const body: Record<string, unknown> = { ...exampleBody(ctx, op), response_format: 'b64_json' };
          for (const field of ['width', 'height', 'aspect_ratio', 'size']) delete body[field];
          const response = await expectAnswer(ctx, { op, body: { ...body, ...ask } }, 200);
          const got = firstImageSize(response);
          if (got.width !== expect[0] || got.height !== expect[1]) {
            fail(
              response,
              `the image is ${got.width}x${got.height}, but ${why} asks for ${expect[0]}x${expect[1]}`,
            );
          }
        }
      },
    },
  ];
}
