import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';
import { readSpecBundle } from '../scripts/specBundle.js';
import { formatZodError } from './formatZodError.js';
import { embeddings, images, refusalCases } from './test/refusalCases.js';
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

describe('the zod schemas refuse a value out of bounds, naming the field and the bound', () => {
  it.each(refusalCases)('refuses %s', (_, operationId, part, value, message) => {
    const schema = (requestSchemas as Record<string, Partial<Record<string, ZodTypeAny>>>)[operationId]?.[
      part
    ];
    expect(schema, `no zod schema for ${operationId} ${part}`).toBeDefined();
    expect(refusal(schema as ZodTypeAny, value)).toBe(message);
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
    const body = {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      reasoning_effort: 'low',
      store: true,
    };
    expect(requestSchemas.createChatCompletion.body.parse(body)).toMatchObject({
      reasoning_effort: 'low',
      store: true,
    });
  });

  it('refuses the OpenAI fields the spec refuses, saying what to use instead', () => {
    const chat = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    const refusal = (body: unknown) =>
      requestSchemas.createChatCompletion.body.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(refusal({ ...chat, tools: [] })).toEqual([
      "is not supported by this service; describe what you need in the messages and read the answer's text",
    ]);
    expect(refusal({ ...chat, n: 2 })).toEqual([
      'must be at most 1; one choice per request, so send the request again for another',
    ]);
    expect(refusal({ ...chat, response_format: { type: 'json_object' } })?.[0]).toMatch(
      /^must be one of text; for JSON, ask for it in the messages/,
    );
    expect(refusal({ ...chat, n: 1, logprobs: false, response_format: { type: 'text' } })).toBeUndefined();
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
