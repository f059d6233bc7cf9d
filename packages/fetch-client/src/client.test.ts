import { inspect } from 'node:util';
import { describe, expect, inject, it, vi } from 'vitest';
import {
  AuthenticationError,
  ClientConfigError,
  ConflictError,
  createClient,
  RequestValidationError,
} from './index.js';

const apiKey = 'ii_live_clienttests0123456789';
const baseUrl = inject('mockBaseUrl');
const platformUrl = inject('mockPlatformUrl');

function spiedClient(options: Parameters<typeof createClient>[0] = {}) {
  const fetchSpy = vi.fn(globalThis.fetch);
  const client = createClient({ apiKey, baseUrl, platformUrl, fetch: fetchSpy, ...options });
  return { client, fetchSpy };
}

describe('routing to the base address of each path', () => {
  it('sends platform calls to the platform address and inference calls under /v1 of the inference address', async () => {
    const { client, fetchSpy } = spiedClient();
    await client.instances.listTypes();
    await client.embeddings.create({ model: 'bge-large-en-v1.5', input: 'hi' });
    const urls = fetchSpy.mock.calls.map(([request]) => (request as Request).url);
    expect(urls).toEqual([`${platformUrl}/api/v1/instances/types`, `${baseUrl}/embeddings`]);
  });

  it('sends the key as a bearer header to both addresses', async () => {
    const { client, fetchSpy } = spiedClient();
    await client.instances.listTypes();
    await client.images.generate({ model: 'flux-1-schnell', prompt: 'a lighthouse' });
    for (const [request] of fetchSpy.mock.calls) {
      expect((request as Request).headers.get('authorization')).toBe(`Bearer ${apiKey}`);
    }
  });

  it('serves the typed low-level calls too', async () => {
    const { client } = spiedClient();
    const { data, response } = await client.GET('/api/v1/billing/transactions', {
      params: { query: { limit: 2 } },
    });
    expect(response.status).toBe(200);
    expect(data?.meta.requestId).toBe(response.headers.get('x-request-id'));
  });
});

describe('resource methods against the mock', () => {
  const { client } = spiedClient();

  it('lists instance types filtered exactly, cheapest first, with the request id', async () => {
    const page = await client.instances.listTypes({ gpu_type: 'H100' });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((type) => type.gpu_type === 'H100')).toBe(true);
    const rates = page.data.map((type) => type.hourly_rate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(page.requestId).toMatch(/^req_/);
    expect(page.requestId).toBe(page.meta.requestId);
  });

  it('resizes a volume, and the same size again is a conflict that changes nothing', async () => {
    // A key of its own, so the volume starts at its seeded 100 GB whatever other tests did.
    const own = createClient({ apiKey: 'ii_live_resizetest', baseUrl, platformUrl });
    const { data, requestId } = await own.storage.resize('vol_training', { size_gb: 500 });
    expect(data.sizeGb).toBe(500);
    expect(requestId).toMatch(/^req_/);
    const refused = await own.storage.resize('vol_training', { size_gb: 500 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).status).toBe(409);
  });

  it('pages through billing transactions and iterates every item', async () => {
    const first = await client.billing.listTransactions({ limit: 50 });
    const all = [];
    for await (const transaction of client.billing.listTransactions({ limit: 50 })) all.push(transaction);
    expect(all).toHaveLength(first.meta.total ?? Number.NaN);
    expect(all.slice(0, 50)).toEqual(first.data);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
  });

  it('generates images and creates one embedding per input, in order', async () => {
    const images = await client.images.generate({
      model: 'flux-1-schnell',
      prompt: 'p',
      response_format: 'b64_json',
    });
    expect(
      Buffer.from(images.data[0]?.b64_json ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const embeddings = await client.embeddings.create({ model: 'bge-large-en-v1.5', input: ['hi', 'there'] });
    expect(embeddings.data.map((item) => item.index)).toEqual([0, 1]);
    const again = await client.embeddings.create({ model: 'bge-large-en-v1.5', input: 'there' });
    expect(again.data[0]?.embedding).toEqual(embeddings.data[1]?.embedding);
  });

  it('creates a chat completion whole and streamed', async () => {
    const messages = [{ role: 'user' as const, content: 'What is a persistent volume?' }];
    const whole = await client.chat.completions.create({ model: 'm', messages });
    const stream = await client.chat.completions.create({ model: 'm', messages, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(whole.choices[0]?.message.content);
    expect(stream.requestId).toMatch(/^req_/);
  });
});

describe('validation before sending', () => {
  const cases: Array<
    [string, (client: ReturnType<typeof createClient>) => Promise<unknown>, string, RegExp]
  > = [
    ['size_gb: 9', (c) => c.storage.resize('vol_1', { size_gb: 9 }), 'size_gb', /at least 10/],
    ['limit: 101', (c) => c.billing.listTransactions({ limit: 101 }), 'limit', /at most 100/],
    ['offset: -1', (c) => c.billing.listTransactions({ offset: -1 }), 'offset', /at least 0/],
    [
      'type: foo',
      // @ts-expect-error an unknown transaction type is a compile error too; this checks the runtime guard.
      (c) => c.billing.listTransactions({ type: 'foo' }),
      'type',
      /one of credit, usage, refund, adjustment/,
    ],
    [
      'width: 255',
      (c) => c.images.generate({ model: 'm', prompt: 'p', width: 255 }),
      'width',
      /at least 256/,
    ],
    [
      'num_inference_steps: 0',
      (c) => c.images.generate({ model: 'm', prompt: 'p', num_inference_steps: 0 }),
      'num_inference_steps',
      /at least 1/,
    ],
    [
      "response_format: 'png'",
      // @ts-expect-error 'png' is not a response_format; this checks the runtime guard.
      (c) => c.images.generate({ model: 'm', prompt: 'p', response_format: 'png' }),
      'response_format',
      /one of url, b64_json/,
    ],
    [
      "aspect_ratio: '16-9'",
      (c) => c.images.generate({ model: 'm', prompt: 'p', aspect_ratio: '16-9' }),
      'aspect_ratio',
      /must match the pattern/,
    ],
  ];

  it.each(cases)('refuses %s without sending a request', async (_label, call, field, rule) => {
    const { client, fetchSpy } = spiedClient();
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    const { issues, message } = error as RequestValidationError;
    expect(issues[0]?.field).toBe(field);
    expect(message).toContain(field);
    expect(issues[0]?.message).toMatch(rule);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a path parameter that would change the path, even with validation off', async () => {
    for (const id of ['', '.', '..']) {
      const { client, fetchSpy } = spiedClient({ validate: false });
      const error = await client.storage.resize(id, { size_gb: 500 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.field).toBe('id');
      expect((error as RequestValidationError).message).toMatch(/must not be empty, "\." or "\.\."/);
      expect(fetchSpy).not.toHaveBeenCalled();
    }
  });

  it('refuses bad per-call options as the client options are refused, without sending', async () => {
    const { client, fetchSpy } = spiedClient();
    await expect(client.instances.listTypes({}, { maxRetries: Number.POSITIVE_INFINITY })).rejects.toThrow(
      /maxRetries must be a whole number of at least 0 \(got Infinity\)/,
    );
    await expect(client.instances.listTypes({}, { timeoutMs: 0 })).rejects.toThrow(ClientConfigError);
    await expect(client.instances.listTypes({}, { timeoutMs: 2 ** 31 })).rejects.toThrow(
      /timeoutMs must be a whole number from 1 to 2147483647/,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects, never throws, where a low-level call is made', async () => {
    const { client, fetchSpy } = spiedClient();
    // @ts-expect-error not a path of the spec; this checks the runtime answer.
    const unknownPath = client.GET('/api/v1/nowhere');
    await expect(unknownPath).rejects.toThrow(/GET \/api\/v1\/nowhere is not an operation of the spec/);
    // Names the route table holds by inheritance, from plain JavaScript: none is an operation.
    const lowLevel = client as unknown as Record<string, (path: string) => Promise<unknown>>;
    for (const [method, path] of [
      ['GET', 'constructor'],
      ['GET', '__proto__'],
      ['POST', 'toString'],
      ['DELETE', 'hasOwnProperty'],
    ] as const) {
      await expect(lowLevel[method]?.(path)).rejects.toThrow(
        `${method} ${path} is not an operation of the spec`,
      );
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    const refused = client.PATCH('/api/v1/storage/{id}', {
      params: { path: { id: 'vol_1' } },
      body: { size_gb: 9 },
    });
    await expect(refused).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('can be turned off, leaving validation to the server', async () => {
    const { client, fetchSpy } = spiedClient({ validate: false });
    const error = await client.storage.resize('vol_1', { size_gb: 9 }).catch((e: unknown) => e);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect((error as { status?: number }).status).toBe(400);
  });
});

describe('configuration', () => {
  it('refuses a missing key before any request', () => {
    expect(() => createClient({ baseUrl, platformUrl, apiKey: '' })).toThrow(ClientConfigError);
    expect(() => createClient({ baseUrl, platformUrl, apiKey: '' })).toThrow(/INFERENCE_INFRA_API_KEY/);
  });

  it('reads the key and both addresses from the environment', async () => {
    vi.stubEnv('INFERENCE_INFRA_API_KEY', apiKey);
    vi.stubEnv('INFERENCE_INFRA_BASE_URL', baseUrl);
    vi.stubEnv('INFERENCE_INFRA_PLATFORM_URL', platformUrl);
    try {
      const page = await createClient().instances.listTypes();
      expect(page.data.length).toBeGreaterThan(0);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a key a header cannot carry, without showing it', () => {
    const pasted = `${apiKey}\n`;
    const error = (() => {
      try {
        createClient({ apiKey: pasted, baseUrl });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(ClientConfigError);
    expect(error?.message).toMatch(/apiKey must be printable ASCII, without spaces or line breaks/);
    expect(`${error?.message}${error?.stack}`).not.toContain(apiKey);
  });

  it('counts a variable the runtime will not let it read as unset (Deno without --allow-env)', async () => {
    const nodeProcess = globalThis.process;
    const deniedEnv = new Proxy(
      {},
      {
        get() {
          throw new Error(
            'Requires env access to "INFERENCE_INFRA_PLATFORM_URL", run again with --allow-env',
          );
        },
      },
    );
    Object.defineProperty(globalThis, 'process', { value: { env: deniedEnv }, configurable: true });
    let client: ReturnType<typeof createClient> | undefined;
    try {
      client = createClient({ apiKey, baseUrl });
    } finally {
      Object.defineProperty(globalThis, 'process', { value: nodeProcess, configurable: true });
    }
    await expect(client.instances.listTypes()).rejects.toThrow(/platformUrl/);
  });

  it('refuses plain http to a host outside loopback unless allowed', () => {
    expect(() => createClient({ apiKey, baseUrl: 'http://api.example.test/v1' })).toThrow(/unencrypted/);
    expect(() =>
      createClient({ apiKey, baseUrl: 'http://api.example.test/v1', allowInsecureHttp: true }),
    ).not.toThrow();
    expect(() => createClient({ apiKey, baseUrl: 'http://localhost:4010/v1' })).not.toThrow();
  });

  it.each<[string, Parameters<typeof createClient>[0], RegExp]>([
    ['a relative baseUrl', { baseUrl: 'api.example.test/v1' }, /baseUrl must be an absolute http\(s\) URL/],
    ['a platformUrl on ftp:', { platformUrl: 'ftp://files.example.test' }, /platformUrl must be .*http\(s\)/],
    [
      'a negative maxRetries',
      { maxRetries: -1 },
      /maxRetries must be a whole number of at least 0 \(got -1\)/,
    ],
    ['a fractional maxRetries', { maxRetries: 1.5 }, /maxRetries must be a whole number/],
    ['a zero timeoutMs', { timeoutMs: 0 }, /timeoutMs must be a whole number from 1 to 2147483647 \(got 0\)/],
    ['a timeoutMs setTimeout cannot wait', { timeoutMs: 2 ** 31 }, /timeoutMs must be .* to 2147483647/],
  ])('refuses %s, naming the option and its rule', (_label, options, rule) => {
    expect(() => createClient({ apiKey, baseUrl, platformUrl, ...options })).toThrow(ClientConfigError);
    expect(() => createClient({ apiKey, baseUrl, platformUrl, ...options })).toThrow(rule);
  });

  it('asks for a fetch on a runtime that has none', () => {
    vi.stubGlobal('fetch', undefined);
    try {
      expect(() => createClient({ apiKey, baseUrl })).toThrow(/pass createClient\(\{ fetch \}\)/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('names the missing base address when an operation needs it', async () => {
    const client = createClient({ apiKey, baseUrl });
    await expect(client.instances.listTypes()).rejects.toThrow(/platformUrl/);
  });
});

describe('the key stays secret', () => {
  it('appears in no message, string, JSON or inspection of any error', async () => {
    const { client } = spiedClient();
    client.use({
      onRequest({ request }) {
        request.headers.delete('authorization');
        return request;
      },
    });
    const failures = [
      await client.instances.listTypes().catch((e: unknown) => e),
      await spiedClient()
        .client.storage.resize('v', { size_gb: 1 })
        .catch((e: unknown) => e),
      await createClient({ apiKey, platformUrl: 'http://127.0.0.1:9', maxRetries: 0 })
        .instances.listTypes()
        .catch((e: unknown) => e),
    ];
    expect(failures[0]).toBeInstanceOf(AuthenticationError);
    for (const failure of failures) {
      const error = failure as Error;
      for (const text of [
        error.message,
        String(error),
        JSON.stringify(error),
        inspect(error, { depth: 10 }),
        error.stack,
      ]) {
        expect(text).not.toContain(apiKey);
      }
    }
    expect(JSON.stringify(client)).not.toContain(apiKey);
    expect(inspect(client, { depth: 10 })).not.toContain(apiKey);
  });
});
