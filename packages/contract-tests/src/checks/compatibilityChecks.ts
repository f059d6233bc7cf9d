import type { CreateEmbeddingsResponse } from '@inference-infra/types';
import { openAiValues } from '../cases/openAiValues.js';
import { scalarCandidates } from '../cases/outOfSpecValues.js';
import { sampleOf } from '../cases/sampleValues.js';
import { type ContractCheck, skipCheck } from '../engine/check.js';
import { fail, jsonOf } from '../judgements/answers.js';
import { firstImageSize } from '../judgements/imageSize.js';
import { type ContractSpec, type JsonObject, jsonRequestBody, type SpecOperation } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry } from '../promises/coverageIds.js';
import { expectRefusalNaming } from './shared/refusals.js';
import { exampleBody, expectAnswer } from './shared/requests.js';

interface RefusedField {
  op: SpecOperation;
  /** `['response_format', 'type']` */
  path: string[];
  schema: JsonObject;
}

/** The fields of the inference bodies that carry `x-instead`: refused (or bounded) with advice on what to use. */
function refusedFields(spec: ContractSpec): RefusedField[] {
  const fields: RefusedField[] = [];
  for (const op of spec.operations.filter((o) => o.surface === 'inference')) {
    const media = jsonRequestBody(op);
    if (!media) continue;
    const visit = (pointer: string, path: string[]) => {
      const schema = spec.resolve(pointer).value;
      if (path.length > 0 && typeof schema['x-instead'] === 'string') fields.push({ op, path, schema });
      if (path.length >= 2) return;
      for (const name of Object.keys((schema.properties as JsonObject | undefined) ?? {}))
        visit(`${spec.resolve(pointer).pointer}/properties/${name}`, [...path, name]);
    };
    visit(media.schemaPointer, []);
  }
  return fields;
}

/** The rule a refused field's schema refuses with: `not: {}`, a constant, an enum, a pattern, a maximum. */
function ruleRefusing(schema: JsonObject): string {
  if (schema.not !== undefined) return 'not';
  if (schema.const !== undefined) return 'const';
  if (schema.enum !== undefined) return 'enum';
  if (schema.pattern !== undefined) return 'pattern';
  return schema.maximum !== undefined ? 'maximum' : 'type';
}

/** Puts `value` at `path` (one or two levels: `response_format.type` goes in as `{ type }`). */
function withField(body: Record<string, unknown>, path: string[], value: unknown) {
  const [first, second] = path as [string, string | undefined];
  return { ...body, [first]: second === undefined ? value : { [second]: value } };
}

const plainRequest = (body: Record<string, unknown>) => {
  const copy = { ...body };
  delete copy.stream;
  return copy;
};

/**
 * One check per row of the compatibility table: each refused field as the clients send it answered 400 naming it;
 * each accepted one with OpenAI's meaning (max_completion_tokens cuts, dimensions shortens, size sizes); the fields
 * without effect accepted.
 */
export function compatibilityChecks(spec: ContractSpec): ContractCheck[] {
  const base = { kind: 'semantic' as const, mutates: true };
  const checks: ContractCheck[] = refusedFields(spec).flatMap(({ op, path, schema }) => {
    const field = path.join('.');
    const values = openAiValues[field] ?? [scalarCandidates(schema)[0]?.value ?? true];
    const rule = ruleRefusing(schema);
    // The row of the table is the top-level field's assumption (`response_format` for `response_format.type`).
    const owner = spec.resolve(`${jsonRequestBody(op)?.schemaPointer}/properties/${path[0]}`).value[
      'x-assumption-id'
    ];
    return values.map(
      (value): ContractCheck => ({
        ...base,
        name: `refuses ${field}: ${JSON.stringify(value)}, as OpenAI-style clients send it, with 400 naming ${path[0]}`,
        operationId: op.operationId,
        tags: op.tags,
        requires: [],
        covers: [
          bodyEntry(op.operationId, path, rule),
          ...(typeof owner === 'string' ? [assumptionEntry(owner)] : []),
          ...answerCovers(spec, op, 400),
        ],
        async run(ctx) {
          const body = withField(plainRequest(exampleBody(ctx, op)), path, value);
          const response = await ctx.http.send({ op, body });
          expectRefusalNaming(ctx, response, { field, param: path[0] as string, rule });
        },
      }),
    );
  });

  const chat = spec.operation('createChatCompletion');
  checks.push({
    ...base,
    name: 'takes max_completion_tokens as max_tokens, and over it when both are given',
    operationId: chat.operationId,
    tags: chat.tags,
    requires: ['state'],
    covers: [assumptionEntry('chat-max-completion-tokens'), ...answerCovers(spec, chat, 200)],
    async run(ctx) {
      for (const limits of [{ max_completion_tokens: 3 }, { max_tokens: 50, max_completion_tokens: 3 }]) {
        const body = { ...plainRequest(exampleBody(ctx, chat)), ...limits };
        const response = await expectAnswer(ctx, { op: chat, body }, 200);
        const tokens = (response.json as { usage?: { completion_tokens?: number } }).usage?.completion_tokens;
        if (tokens === undefined) skipCheck('the answer has no usage to count the tokens by');
        if (tokens > 3)
          fail(
            response,
            `usage.completion_tokens is ${tokens}, above max_completion_tokens 3 (${JSON.stringify(limits)})`,
          );
      }
    },
  });

  // Fields the spec marks as accepted and without effect: all sent at once, with a value of their own type.
  for (const op of spec.operations.filter((o) => o.surface === 'inference')) {
    const media = jsonRequestBody(op);
    const properties = (media?.schema.properties as Record<string, JsonObject> | undefined) ?? {};
    const fields = Object.keys(properties).filter(
      (name) =>
        spec.resolve(`${media?.schemaPointer}/properties/${name}`).value['x-assumption-id'] ===
        'fields-without-effect',
    );
    if (fields.length === 0) continue;
    checks.push({
      ...base,
      name: `accepts ${fields.join(', ')} (without effect) and answers as usual`,
      operationId: op.operationId,
      tags: op.tags,
      requires: [],
      covers: [assumptionEntry('fields-without-effect'), ...answerCovers(spec, op, 200)],
      async run(ctx) {
        const body = plainRequest(exampleBody(ctx, op));
        for (const name of fields) {
          const sample = sampleOf(spec, `${media?.schemaPointer}/properties/${name}`);
          body[name] =
            typeof sample === 'object' && sample !== null && !Array.isArray(sample)
              ? { note: 'contract-tests' }
              : sample;
        }
        await expectAnswer(ctx, { op, body }, 200, { expectMediaType: 'application/json' });
      },
    });
  }

  const embeddings = spec.operation('createEmbeddings');
  checks.push({
    ...base,
    name: 'shortens each embedding to dimensions values, unit length again, and refuses more than the model has',
    operationId: embeddings.operationId,
    tags: embeddings.tags,
    requires: ['state'],
    covers: [assumptionEntry('embedding-dimensions'), ...answerCovers(spec, embeddings, 200)],
    async run(ctx) {
      const body = { ...exampleBody(ctx, embeddings), input: 'contract tests', encoding_format: 'float' };
      const full = await expectAnswer(ctx, { op: embeddings, body }, 200);
      const vector = jsonOf<CreateEmbeddingsResponse>(full).data[0]?.embedding as number[];
      const size = Math.max(1, Math.floor(vector.length / 2));
      const short = await expectAnswer(ctx, { op: embeddings, body: { ...body, dimensions: size } }, 200);
      const got = jsonOf<CreateEmbeddingsResponse>(short).data[0]?.embedding as number[];
      if (got.length !== size) fail(short, `dimensions ${size} answered ${got.length} values`);
      const norm = Math.hypot(...got);
      if (Math.abs(norm - 1) > 1e-3)
        fail(short, `the shortened embedding has length ${norm}, not 1 (normalised again)`);
      const prefix = vector.slice(0, size);
      const cosine =
        prefix.reduce((sum, v, i) => sum + v * (got[i] as number), 0) / (Math.hypot(...prefix) || 1);
      if (cosine < 0.999)
        fail(
          short,
          `the shortened embedding is not the first ${size} values of the full one, normalised (cosine ${cosine})`,
        );
      const above = await ctx.http.send({ op: embeddings, body: { ...body, dimensions: vector.length + 1 } });
      expectRefusalNaming(ctx, above, { field: 'dimensions', param: 'dimensions', rule: 'maximum' });
    },
  });

  const images = spec.operation('generateImages');
  checks.push({
    ...base,
    name: 'takes size WxH as width and height (read from the PNG), auto as the default size, and refuses it beside a width that differs',
    operationId: images.operationId,
    tags: images.tags,
    requires: ['state'],
    covers: [assumptionEntry('image-size-as-width-height'), ...answerCovers(spec, images, 200)],
    async run(ctx) {
      const body: Record<string, unknown> = { ...exampleBody(ctx, images), response_format: 'b64_json' };
      delete body.width;
      delete body.height;
      delete body.aspect_ratio;
      const sized = await expectAnswer(ctx, { op: images, body: { ...body, size: '256x512' } }, 200);
      const png = firstImageSize(sized);
      if (png.width !== 256 || png.height !== 512)
        fail(sized, `size 256x512 answered a ${png.width}x${png.height} image`);
      await expectAnswer(ctx, { op: images, body: { ...body, size: 'auto' } }, 200);
      await expectAnswer(ctx, { op: images, body: { ...body, size: '256x512', width: 256 } }, 200);
      const clash = await ctx.http.send({ op: images, body: { ...body, size: '512x512', width: 256 } });
      if (clash.status !== 400)
        fail(clash, `size 512x512 beside width 256 must be refused with 400, got ${clash.status}`);
      const param = (clash.json as { error?: { param?: unknown } }).error?.param;
      if (!['size', 'width', 'height'].includes(String(param)))
        fail(clash, `error.param is ${JSON.stringify(param)}, but the fields at odds are size and width`);
    },
  });
  return checks;
}
