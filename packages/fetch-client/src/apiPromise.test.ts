import { watchUnhandledRejections } from '@inference-infra/test-kit/unhandledRejections';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { APIPromise, ConflictError, createClient, RequestValidationError } from './index.js';
import { startFaultServer } from './test/faultServer.js';

const apiKey = 'ii_live_apipromisetests';
const baseUrl = inject('mockBaseUrl');
const platformUrl = inject('mockPlatformUrl');
const client = createClient({ apiKey, baseUrl, platformUrl });
const messages = [{ role: 'user' as const, content: 'What is a persistent volume?' }];

let server: Awaited<ReturnType<typeof startFaultServer>>;
const rejections = watchUnhandledRejections();
beforeAll(async () => {
  server = await startFaultServer();
  rejections.start();
});
afterAll(async () => {
  const unhandled = await rejections.stop();
  await server.close();
  expect(unhandled).toEqual([]);
});

describe('withResponse()', () => {
  it('gives the data with its Response and request id, from one request', async () => {
    const call = client.instances.listTypes({ gpu_type: 'H100' });
    expect(call).toBeInstanceOf(APIPromise);
    expect(call).toBeInstanceOf(Promise);
    const { data, response, requestId, rateLimit } = await call.withResponse();
    expect(response.status).toBe(200);
    expect(requestId).toMatch(/^req_/);
    expect(requestId).toBe(response.headers.get('x-request-id'));
    expect(data.requestId).toBe(requestId);
    expect(data.data.every((type) => type.gpu_type === 'H100')).toBe(true);
    expect(rateLimit).toBeNull();
    // The same promise awaited again gives the same data: nothing is sent twice.
    expect(await call).toBe(data);
  });

  it('reads the rate-limit headers into numbers, reset times as sent', async () => {
    const limited = createClient({
      apiKey,
      platformUrl: server.url,
      headers: { 'x-fault': 'rate-limit-headers' },
    });
    const { rateLimit } = await limited.instances.listTypes().withResponse();
    expect(rateLimit).toEqual({
      limitRequests: 600,
      remainingRequests: 599,
      resetRequests: '100ms',
      limitTokens: 150_000,
      remainingTokens: 149_984,
      resetTokens: '6m0s',
      retryAfterMs: 2000,
    });
    expect(server.hits('rate-limit-headers')).toBe(1);
  });

  it('rejects with the typed error of a failure, like the call', async () => {
    const own = createClient({ apiKey: 'ii_live_withresponseconflict', baseUrl, platformUrl });
    await own.storage.resize('vol_training', { size_gb: 300 });
    const refused = await own.storage
      .resize('vol_training', { size_gb: 300 })
      .withResponse()
      .catch((e) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    const invalid = await own.storage
      .resize('vol_training', { size_gb: 9 })
      .withResponse()
      .catch((e) => e);
    expect(invalid).toBeInstanceOf(RequestValidationError);
  });

  it('gives a stream with its Response, and the stream still reads', async () => {
    const {
      data: stream,
      response,
      requestId,
    } = await client.chat.completions.create({ model: 'm', messages, stream: true }).withResponse();
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(requestId).toBe(stream.requestId);
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text.length).toBeGreaterThan(0);
  });
});

describe('as a promise', () => {
  it('is awaited as it is, without a call of its `then`, and derives plain promises', async () => {
    const call = client.instances.listTypes();
    const then = vi.spyOn(call, 'then');
    const page = await call;
    // `await` takes a promise whose constructor is Promise as it is; any other costs a job that calls `then`.
    expect(then).not.toHaveBeenCalled();
    expect(page.data.length).toBeGreaterThan(0);
    expect(call).toBeInstanceOf(APIPromise);
    expect(Promise.resolve(call)).toBe(call);
    then.mockRestore();
    for (const derived of [call.then(), call.catch(() => undefined), call.finally(() => undefined)]) {
      expect(derived).not.toBeInstanceOf(APIPromise);
      expect(await derived).toBe(page);
    }
    expect(Object.keys(APIPromise.prototype)).toEqual([]);
  });

  it('rejects through await, then, catch and finally alike', async () => {
    const own = createClient({ apiKey: 'ii_live_promiseconflict', baseUrl, platformUrl });
    const call = own.storage.resize('vol_training', { size_gb: 9 });
    await expect(call).rejects.toBeInstanceOf(RequestValidationError);
    expect(await call.then(undefined, (e) => e)).toBeInstanceOf(RequestValidationError);
    expect(await call.catch((e) => e)).toBeInstanceOf(RequestValidationError);
    await expect(call.finally(() => undefined)).rejects.toBeInstanceOf(RequestValidationError);
  });
});

describe('asResponse()', () => {
  it('gives the answer with its body unread, for the caller to read', async () => {
    const response = await client.instances.listTypes({ gpu_type: 'A100' }).asResponse();
    expect(response.bodyUsed).toBe(false);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${platformUrl}/api/v1/instances/types?gpu_type=A100`);
    const body = (await response.json()) as {
      data: Array<{ gpu_type: string }>;
      meta: { requestId: string };
    };
    expect(body.data.every((type) => type.gpu_type === 'A100')).toBe(true);
    expect(body.meta.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('gives the first page of a list', async () => {
    const response = await client.billing.listTransactions({ limit: 3 }).asResponse();
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(3);
  });

  it('gives a stream unread, as server-sent events', async () => {
    const response = await client.chat.completions
      .create({ model: 'm', messages, stream: true })
      .asResponse();
    const text = await response.text();
    expect(text).toMatch(/^data: /);
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('rejects with the typed error of a failure, and leaves no unhandled rejection behind', async () => {
    const own = createClient({ apiKey: 'ii_live_asresponseconflict', baseUrl, platformUrl });
    await own.storage.resize('vol_training', { size_gb: 200 });
    const refused = await own.storage
      .resize('vol_training', { size_gb: 200 })
      .asResponse()
      .catch((e) => e);
    expect(refused).toBeInstanceOf(ConflictError);
  });
});
