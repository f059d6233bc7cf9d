import type { CreateEmbeddingsResponse, GenerateImagesResponse } from '@inference-infra/types';
import type { ContractSpec, JsonObject } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry } from '../promises/coverageIds.js';
import type { ContractResponse } from '../run/http.js';
import type { Target } from '../run/target.js';
import { type ContractCheck, skipCheck } from './check.js';
import { exampleBody, expectAnswer, fail, jsonOf } from './requests.js';

/** Plain base64 (RFC 4648, padded, no line breaks, no `data:` prefix): what `Buffer`/`atob` decode without help. */
const plainBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** How far `created` may lie from the moment its answer arrived: clocks drift, but not by an hour's time zone. */
export const createdToleranceSeconds = 900;

/**
 * `created` as the spec types it: Unix seconds of when the answer was made, which is now. A value in milliseconds lies
 * thousands of years ahead; local time written as if it were UTC (a server east or west of Greenwich) lies an hour or
 * more off, past the quarter of an hour allowed for a drifting clock.
 */
export function createdProblem(created: unknown, target: Target): string | undefined {
  const now = Date.now() / 1000;
  // The bundled mock (Prism) answers the spec's static example, made long ago: only its unit can be judged there.
  const tolerance = target.kind === 'bundled-mock' ? now - 946_684_800 : createdToleranceSeconds;
  if (typeof created !== 'number' || Math.abs(created - now) > tolerance) {
    const off = typeof created === 'number' ? ` (${Math.round(created - now)} s from now)` : '';
    return `created is ${JSON.stringify(created)}${off}, not the Unix seconds of now within ${createdToleranceSeconds / 60} minutes (milliseconds, local time or another unit?)`;
  }
  return undefined;
}

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

/** Width and height of a PNG from its IHDR chunk, or undefined for another format (a server may answer JPEG). */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The size of the first image of an answer, read from its PNG. Another format fails: the spec's images are PNG
 * (`output_format` takes `png` only, assumption image-fields-not-taken), so JPEG bytes break a promise.
 */
export function firstImageSize(response: ContractResponse): { width: number; height: number } {
  const [first] = jsonOf<GenerateImagesResponse>(response).data;
  const bytes = Buffer.from(first?.b64_json ?? '', 'base64');
  const got = pngSize(bytes);
  if (got === undefined) {
    fail(
      response,
      `data[0].b64_json is not a PNG (it starts ${bytes.subarray(0, 8).toString('hex') || 'with nothing'}; a PNG starts 89504e470d0a1a0a), but the spec's images are PNG`,
    );
  }
  return got;
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

/**
 * Why a base64 embedding does not decode to the float one (little-endian float32, same length), or undefined when it
 * does. Models are deterministic for one input; float32 keeps about 7 digits of each value.
 */
export function base64EmbeddingProblem(text: string, vector: number[]): string | undefined {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== vector.length * 4) {
    return `the base64 embedding holds ${bytes.length} bytes, but the float one has ${vector.length} values (${vector.length * 4} bytes as float32)`;
  }
  const decoded = Array.from({ length: vector.length }, (_, i) => bytes.readFloatLE(i * 4));
  const far = decoded.findIndex(
    (v, i) => Math.abs(v - (vector[i] as number)) > 1e-4 * Math.max(1, Math.abs(v)),
  );
  if (far >= 0) {
    return `value ${far} decodes to ${decoded[far]} as little-endian float32, but the float answer gives ${vector[far]}`;
  }
  return undefined;
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

/** Token counts that do not add up (OpenAI's meaning, assumed by chat-response-openai-compatible): total = prompt + completion. */
export function usageProblem(usage: unknown): string | undefined {
  const { prompt_tokens, completion_tokens, total_tokens } = (usage ?? {}) as Record<string, unknown>;
  if ([prompt_tokens, completion_tokens, total_tokens].some((n) => typeof n !== 'number')) return undefined;
  if ((prompt_tokens as number) + (completion_tokens as number) === total_tokens) return undefined;
  return `usage.total_tokens is ${total_tokens}, not prompt_tokens ${prompt_tokens} + completion_tokens ${completion_tokens}`;
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
