import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SimulatorOptionError } from './simulator/simulatorOptions.js';
import { type MockServer, startMockServer } from './startMockServer.js';
import { schemaErrors } from './test/errorBodySchema.js';

/**
 * Both engines behind the same servers: the simulator (the global setup's mock) and Prism, started here. What they
 * share is checked on both; each says a broken rule in its own words.
 */
const engines = {
  simulator: {
    min: (n: number) => new RegExp(`must be at least ${n}\\b`),
    max: (n: number) => new RegExp(`must be at most ${n}\\b`),
    unknownField: /is not a known field/,
    required: /is required/,
    pattern: /must match the pattern/,
  },
  prism: {
    min: (n: number) => new RegExp(`>= ${n}\\b`),
    max: (n: number) => new RegExp(`<= ${n}\\b`),
    unknownField: /not a field/,
    required: /required/,
    pattern: /pattern/,
  },
};

let prism: MockServer | undefined;
beforeAll(async () => {
  prism = await startMockServer({ engine: 'prism' });
});
afterAll(() => prism?.close());

describe.each(Object.entries(engines))('with engine %s', (engine, words) => {
  let baseUrl = '';
  let platformUrl = '';
  beforeAll(() => {
    baseUrl = engine === 'prism' ? (prism?.baseUrl ?? '') : inject('mockBaseUrl');
    platformUrl = engine === 'prism' ? (prism?.platformUrl ?? '') : inject('mockPlatformUrl');
  });
  const auth = { authorization: 'Bearer ii_live_mocktests' };
  const json = { ...auth, 'content-type': 'application/json' };

  async function call(url: string, init: RequestInit = {}) {
    const response = await fetch(url, init);
    const text = await response.text();
    return {
      response,
      text,
      body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
  }

  describe('the mock serves both base addresses', () => {
    it('answers platform paths on the platform address, with the spec example', async () => {
      const { response, body } = await call(`${platformUrl}/api/v1/instances/types`, { headers: auth });
      expect(response.status).toBe(200);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.meta.requestId).toBe(response.headers.get('x-request-id'));
    });

    it('answers inference paths under /v1 of the inference address', async () => {
      const { response, body } = await call(`${baseUrl}/embeddings`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model: 'bge-large-en-v1.5', input: 'hello' }),
      });
      expect(response.status).toBe(200);
      expect(body.data[0].embedding).toEqual(expect.arrayContaining([expect.any(Number)]));
    });

    it('refuses a path of one base address on the other with a 404 error body', async () => {
      const inference = new URL(baseUrl).origin;
      for (const url of [`${inference}/api/v1/instances/types`, `${platformUrl}/v1/embeddings`]) {
        const { response, body } = await call(url, { headers: auth });
        expect(response.status, url).toBe(404);
        expect(schemaErrors('ErrorResponse', body)).toEqual([]);
      }
    });

    it('lets a page on another origin read its own 404s, preflight included', async () => {
      const url = `${platformUrl}/api/v1/nothing-here`;
      const origin = 'http://127.0.0.1:4013';
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      const { response } = await call(url, { headers: { ...auth, origin } });
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    });

    it('gives every answer its own request id', async () => {
      const ids = new Set<string | null>();
      for (let i = 0; i < 3; i++) {
        const { response } = await call(`${platformUrl}/api/v1/billing/transactions`, { headers: auth });
        ids.add(response.headers.get('x-request-id'));
      }
      expect(ids.size).toBe(3);
    });
  });

  describe('the mock checks the key', () => {
    it.each([
      ['platform', () => `${platformUrl}/api/v1/instances/types`, 'GET'],
      ['inference', () => `${baseUrl}/embeddings`, 'POST'],
    ])('answers 401 with the error body without a key on the %s address', async (_name, url, method) => {
      const { response, body } = await call(url(), {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ model: 'm', input: 'x' }) : undefined,
      });
      expect(response.status).toBe(401);
      expect(schemaErrors('ErrorResponse', body)).toEqual([]);
      expect(body.error.type).toBe('authentication_error');
    });
  });

  describe('the mock rejects input out of the spec with the spec error body naming the field', () => {
    const cases: Array<[string, string, RequestInit, string, RegExp]> = [
      [
        'size_gb 9',
        '/api/v1/storage/vol_1',
        { method: 'PATCH', body: '{"size_gb":9}' },
        'size_gb',
        words.min(10),
      ],
      [
        'size_gb 10001',
        '/api/v1/storage/vol_1',
        { method: 'PATCH', body: '{"size_gb":10001}' },
        'size_gb',
        words.max(10000),
      ],
      [
        'missing size_gb',
        '/api/v1/storage/vol_1',
        { method: 'PATCH', body: '{}' },
        'size_gb',
        words.required,
      ],
      [
        'unknown field sizeGb',
        '/api/v1/storage/vol_1',
        { method: 'PATCH', body: '{"size_gb":500,"sizeGb":500}' },
        'sizeGb',
        words.unknownField,
      ],
      ['limit 101', '/api/v1/billing/transactions?limit=101', {}, 'limit', words.max(100)],
      ['offset -1', '/api/v1/billing/transactions?offset=-1', {}, 'offset', words.min(0)],
      ['type foo', '/api/v1/billing/transactions?type=foo', {}, 'type', /credit, usage, refund, adjustment/],
      [
        'width 255',
        '/images/generations',
        { method: 'POST', body: '{"model":"m","prompt":"p","width":255}' },
        'width',
        words.min(256),
      ],
      [
        'num_inference_steps 0',
        '/images/generations',
        { method: 'POST', body: '{"model":"m","prompt":"p","num_inference_steps":0}' },
        'num_inference_steps',
        words.min(1),
      ],
      [
        'aspect_ratio 16-9',
        '/images/generations',
        { method: 'POST', body: '{"model":"m","prompt":"p","aspect_ratio":"16-9"}' },
        'aspect_ratio',
        words.pattern,
      ],
    ];

    it.each(cases)('%s', async (_name, path, init, field, rule) => {
      const url = path.startsWith('/api/') ? `${platformUrl}${path}` : `${baseUrl}${path}`;
      const { response, body } = await call(url, { ...init, headers: json });
      expect(response.status).toBe(400);
      expect(schemaErrors('ErrorResponse', body)).toEqual([]);
      expect(body.error.param).toBe(field);
      expect(body.error.message).toMatch(new RegExp(`^${field}: `));
      expect(body.error.message).toMatch(rule);
      expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    });
  });

  describe('the mock streams chat as real server-sent events', () => {
    it('sends chunk events one by one and ends with [DONE]', async () => {
      const response = await fetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { ...json, accept: 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      if (!response.body) throw new Error('the stream answer has no body');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const reads: string[] = [];
      for (let next = await reader.read(); !next.done; next = await reader.read()) reads.push(next.value);
      const events = reads.join('').split('\n\n').filter(Boolean);
      // Sent as it is generated: chunked, with no length known up front.
      expect(response.headers.get('content-length')).toBeNull();
      expect(events.at(-1)).toBe('data: [DONE]');
      for (const event of events.slice(0, -1)) {
        expect(schemaErrors('ChatCompletionChunk', JSON.parse(event.slice('data: '.length)))).toEqual([]);
      }
    });

    it('answers JSON when stream is not set', async () => {
      const { response, body } = await call(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(response.status).toBe(200);
      expect(schemaErrors('ChatCompletion', body)).toEqual([]);
    });
  });
});

describe('startMockServer with engine prism refuses what Prism could not serve, before it starts Prism', () => {
  it.each([
    [
      { specPath: '/nonexistent/openapi.json' },
      /^specPath cannot be read: \/nonexistent\/openapi\.json \(ENOENT\)$/,
    ],
    [
      { specPath: new URL(import.meta.url).pathname },
      /^specPath must be a bundled OpenAPI document in JSON: .* is not JSON/,
    ],
    [{ allowedOrigins: ['nope'] }, /^allowedOrigins\[0\] must be an origin such as http:\/\/localhost:3000/],
  ])('%j', async (options, message) => {
    const started = startMockServer({ engine: 'prism', inferencePort: 0, platformPort: 0, ...options });
    await expect(started).rejects.toThrow(SimulatorOptionError);
    await expect(started).rejects.toThrow(message);
  });
});
