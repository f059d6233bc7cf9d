import type { CreateEmbeddingsResponse, GenerateImagesResponse } from '@inference-infra/types';
import type { ContractSpec, JsonObject } from '../spec.js';
import type { ContractCheck } from './check.js';
import { exampleBody, expectAnswer, fail, jsonOf } from './requests.js';

function requestProperty(spec: ContractSpec, schema: string, property: string): JsonObject {
  return spec.resolve(`#/components/schemas/${schema}/properties/${property}`).value;
}

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
    async run(ctx) {
      const body = exampleBody(ctx, op);
      delete body.response_format;
      if (value !== undefined) body.response_format = value;
      const response = await expectAnswer(ctx, { op, body }, 200);
      const { data } = jsonOf<GenerateImagesResponse>(response);
      if (data.length === 0) fail(response, 'answered no image');
      data.forEach((result, index) => {
        const fields = Object.keys(result);
        if (fields.length !== 1 || fields[0] !== field) {
          fail(
            response,
            `data[${index}] has ${fields.join(', ') || 'no field'}; response_format ${value ?? '(default)'} asks for ${field} only`,
          );
        }
      });
    },
  }));
}

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
    async run(ctx) {
      const body = { ...exampleBody(ctx, op), encoding_format: format };
      const response = await expectAnswer(ctx, { op, body }, 200);
      const { data } = jsonOf<CreateEmbeddingsResponse>(response);
      if (data.length === 0) fail(response, 'answered no embedding');
      data.forEach(({ embedding }, index) => {
        // Assumed by the spec (embedding-base64-is-a-string): base64 carries little-endian float32 values.
        const ok =
          format === 'base64'
            ? typeof embedding === 'string' && Buffer.from(embedding, 'base64').length % 4 === 0
            : Array.isArray(embedding);
        if (!ok) fail(response, `data[${index}].embedding is not in the ${format} form`);
      });
    },
  }));
  checks.push({
    ...base,
    name: 'answers one embedding per input item, in input order',
    kind: 'semantic',
    requires: ['state'],
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
      name: 'answers a whole completion as application/json when stream is absent',
      async run(ctx) {
        const body = exampleBody(ctx, op);
        delete body.stream;
        await expectAnswer(ctx, { op, body }, 200, { expectMediaType: 'application/json' });
      },
    },
    {
      ...base,
      name: `streams chunks as text/event-stream ending with data: ${stream?.streamTerminator ?? '[DONE]'} when stream is true`,
      async run(ctx) {
        const body = { ...exampleBody(ctx, op), stream: true };
        const response = await expectAnswer(ctx, { op, body }, 200, { expectMediaType: 'text/event-stream' });
        if ((response.events ?? []).length < 2) fail(response, 'the stream holds no chunk before its end');
      },
    },
  ];
}
