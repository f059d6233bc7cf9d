import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';
import { readSpecBundle } from '../scripts/specBundle.js';
import { formatZodError } from './formatZodError.js';
import { specExamples, streamExampleChunks } from './test/specExamples.js';
import { requestSchemas, responseSchemas, schemas } from './zod.gen.js';

const { document } = readSpecBundle();
const examples = specExamples(document);

function schemaFor(example: (typeof examples)[number]): ZodTypeAny | undefined {
  const part = example.part;
  if ('request' in part) {
    return (requestSchemas as Record<string, Partial<Record<string, ZodTypeAny>>>)[example.operationId]?.[
      part.request
    ];
  }
  return (responseSchemas as Record<string, Record<string, ZodTypeAny>>)[example.operationId]?.[
    part.response
  ];
}

/** The message of a failed parse, or a failure of the test when the value was accepted. */
function refusal(schema: ZodTypeAny, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return formatZodError(result.error, value);
}

describe('the zod schemas and the spec examples', () => {
  it('find the examples of every operation (so the next test is not empty)', () => {
    const operations = new Set(examples.map((example) => example.operationId));
    expect([...operations].sort()).toEqual(Object.keys(requestSchemas).sort());
    expect(examples.length).toBeGreaterThanOrEqual(20);
  });

  it.each(examples.map((example) => [example.name, example] as const))(
    'accept the example %s',
    (_, example) => {
      const schema = schemaFor(example);
      expect(schema, `no zod schema for ${example.name}`).toBeDefined();
      const result = schema?.safeParse(example.value);
      expect(
        result?.success,
        result?.success ? '' : formatZodError(result?.error as never, example.value),
      ).toBe(true);
    },
  );

  it('accept every chunk of the streamed chat example', () => {
    const chunks = streamExampleChunks(document);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(schemas.ChatCompletionChunk.safeParse(chunk).success).toBe(true);
  });

  it("word a bound the way the spec's own 400 example does", () => {
    const example = document.components.examples.ErrorBadRequest.value.error;
    expect(refusal(requestSchemas.listBillingTransactions.query, { limit: 101 })).toBe(example.message);
  });
});

const resize = requestSchemas.resizeVolume.body;
const transactions = requestSchemas.listBillingTransactions.query;
const images = (fields: object) => ({ model: 'flux-1-schnell', prompt: 'a lighthouse', ...fields });
const embeddings = (fields: object) => ({ model: 'bge-large-en-v1.5', input: 'text', ...fields });

describe('the zod schemas refuse a value out of bounds, naming the field and the bound', () => {
  it.each([
    ['size_gb 9', resize, { size_gb: 9 }, 'size_gb: must be at least 10 (got 9)'],
    ['size_gb 10001', resize, { size_gb: 10001 }, 'size_gb: must be at most 10000 (got 10001)'],
    ['size_gb 10.5', resize, { size_gb: 10.5 }, 'size_gb: must be an integer from 10 to 10000 (got 10.5)'],
    ['size_gb "500"', resize, { size_gb: '500' }, 'size_gb: must be an integer from 10 to 10000 (got "500")'],
    ['a missing size_gb', resize, {}, 'size_gb: is required'],
    [
      'a misspelt sizeGb',
      resize,
      { size_gb: 500, sizeGb: 500 },
      'sizeGb: is not a known field (known fields: size_gb)',
    ],
    ['limit 0', transactions, { limit: 0 }, 'limit: must be at least 1 (got 0)'],
    ['limit 101', transactions, { limit: 101 }, 'limit: must be at most 100 (got 101)'],
    ['offset -1', transactions, { offset: -1 }, 'offset: must be at least 0 (got -1)'],
    [
      'type "foo"',
      transactions,
      { type: 'foo' },
      'type: must be one of credit, usage, refund, adjustment (got "foo")',
    ],
    [
      'width 255',
      requestSchemas.generateImages.body,
      images({ width: 255 }),
      'width: must be at least 256 (got 255)',
    ],
    [
      'width 2049',
      requestSchemas.generateImages.body,
      images({ width: 2049 }),
      'width: must be at most 2048 (got 2049)',
    ],
    [
      'height 2049',
      requestSchemas.generateImages.body,
      images({ height: 2049 }),
      'height: must be at most 2048 (got 2049)',
    ],
    [
      'num_inference_steps 0',
      requestSchemas.generateImages.body,
      images({ num_inference_steps: 0 }),
      'num_inference_steps: must be at least 1 (got 0)',
    ],
    [
      'num_inference_steps 101',
      requestSchemas.generateImages.body,
      images({ num_inference_steps: 101 }),
      'num_inference_steps: must be at most 100 (got 101)',
    ],
    [
      'response_format "png"',
      requestSchemas.generateImages.body,
      images({ response_format: 'png' }),
      'response_format: must be one of url, b64_json (got "png")',
    ],
    [
      'aspect_ratio "16-9"',
      requestSchemas.generateImages.body,
      images({ aspect_ratio: '16-9' }),
      'aspect_ratio: must match the pattern ^[1-9][0-9]*:[1-9][0-9]*$ (got "16-9")',
    ],
    [
      'a missing prompt',
      requestSchemas.generateImages.body,
      { model: 'flux-1-schnell' },
      'prompt: is required',
    ],
    [
      'encoding_format "hex"',
      requestSchemas.createEmbeddings.body,
      embeddings({ encoding_format: 'hex' }),
      'encoding_format: must be one of float, base64 (got "hex")',
    ],
    [
      'an empty input list',
      requestSchemas.createEmbeddings.body,
      embeddings({ input: [] }),
      'input: must have at least 1 item (got 0 items)',
    ],
    [
      'an input of the wrong kind',
      requestSchemas.createEmbeddings.body,
      embeddings({ input: 42 }),
      'input: must be a string, an array of strings, an array of integers or an array of arrays of integers (got 42)',
    ],
    [
      'an unknown chat role',
      requestSchemas.createChatCompletion.body,
      { model: 'm', messages: [{ role: 'bot', content: 'hi' }] },
      'messages.0.role: must be one of system, developer, user, assistant, tool (got "bot")',
    ],
    [
      'temperature 3',
      requestSchemas.createChatCompletion.body,
      { model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 3 },
      'temperature: must be at most 2 (got 3)',
    ],
    [
      'five stop sequences',
      requestSchemas.createChatCompletion.body,
      { model: 'm', messages: [{ role: 'user', content: 'hi' }], stop: ['a', 'b', 'c', 'd', 'e'] },
      'stop: must have at most 4 items (got 5 items)',
    ],
  ] as const)('refuses %s', (_, schema, value, message) => {
    expect(refusal(schema, value)).toBe(message);
  });
});

describe('the zod schemas accept what the spec allows', () => {
  it.each([10, 500, 10000])('accepts size_gb %i', (size) => {
    expect(resize.parse({ size_gb: size })).toEqual({ size_gb: size });
  });

  it('accepts the bounds of limit, offset, width, height and num_inference_steps', () => {
    expect(transactions.safeParse({ limit: 1, offset: 0 }).success).toBe(true);
    expect(transactions.safeParse({ limit: 100, offset: 1_000_000, type: 'adjustment' }).success).toBe(true);
    const body = images({ width: 256, height: 2048, num_inference_steps: 100, aspect_ratio: '21:9' });
    expect(requestSchemas.generateImages.body.safeParse(body).success).toBe(true);
  });

  it("fills the spec's defaults: limit 50, offset 0, response_format url, encoding_format float, stream false", () => {
    expect(transactions.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(requestSchemas.generateImages.body.parse(images({})).response_format).toBe('url');
    expect(requestSchemas.createEmbeddings.body.parse(embeddings({})).encoding_format).toBe('float');
    const chat = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    expect(requestSchemas.createChatCompletion.body.parse(chat).stream).toBe(false);
  });

  it('keeps the fields an OpenAI-style client adds to the open chat request', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [], logprobs: true };
    expect(requestSchemas.createChatCompletion.body.parse(body)).toMatchObject({ tools: [], logprobs: true });
  });

  it('takes date-times with a time zone, as RFC 3339 writes them, and refuses others', () => {
    const transaction = { id: 't', projectId: 'p', amount: 1, description: 'd' };
    const accepts = (createdAt: string) =>
      schemas.BillingTransaction.safeParse({ ...transaction, createdAt }).success;
    expect(accepts('2026-11-20T16:05:12Z')).toBe(true);
    expect(accepts('2026-11-20T16:05:12.5+02:00')).toBe(true);
    expect(accepts('2026-11-20')).toBe(false);
    expect(accepts('yesterday')).toBe(false);
  });

  it('wants exactly one of url and b64_json in an image result', () => {
    expect(schemas.ImageResult.safeParse({ url: 'https://images.example/a.png' }).success).toBe(true);
    expect(schemas.ImageResult.safeParse({ b64_json: 'iVBORw0KGgo=' }).success).toBe(true);
    expect(refusal(schemas.ImageResult, {})).toBe('value: must have exactly 1 field (has none)');
    expect(
      refusal(schemas.ImageResult, { url: 'https://images.example/a.png', b64_json: 'iVBORw0KGgo=' }),
    ).toBe('value: must have exactly 1 field (has 2: url, b64_json)');
    expect(refusal(schemas.ImageResult, { url: 'not a uri' })).toBe(
      'url: must be an absolute URI (got "not a uri")',
    );
  });

  it('takes null where the spec allows it, and only there', () => {
    const error = { message: 'm', type: 'server_error', code: null, param: null, requestId: 'req_1' };
    expect(schemas.ErrorResponse.safeParse({ error }).success).toBe(true);
    expect(refusal(schemas.ErrorResponse, { error: { ...error, type: null } })).toBe(
      'error.type: must be one of invalid_request_error, authentication_error, not_found_error, conflict_error, rate_limit_error, server_error (got null)',
    );
  });
});
