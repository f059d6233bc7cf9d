import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../startMockServer.js';
import { schemaErrors } from '../test/errorBodySchema.js';

const key = 'ii_live_httptests';
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ maxBodyBytes: 64 * 1024, streamEventIntervalMs: 5 });
});
afterAll(() => mock.close());

/** A request with the path exactly as given: fetch would normalise `..` before sending. */
function rawRequest(method: string, url: string, path: string, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({ method, hostname, port, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the simulator over HTTP', () => {
  it('starts on free loopback ports, one per base address', () => {
    expect(mock.engine).toBe('simulator');
    expect(mock.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(new URL(mock.platformUrl).port).not.toBe(new URL(mock.baseUrl).port);
  });

  it('remembers a resize between requests, as the state shows', async () => {
    const grow = (size_gb: number) =>
      fetch(`${mock.platformUrl}/api/v1/storage/vol_scratch`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ size_gb }),
      });
    expect((await grow(20)).status).toBe(200);
    expect((await grow(15)).status).toBe(409);
    expect(mock.simulator?.state.workspace(key).volumes.get('vol_scratch')?.sizeGb).toBe(20);
  });

  it('answers a body over the limit with the 400 error body at once', async () => {
    const response = await fetch(`${mock.baseUrl}/embeddings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'm', input: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('body_too_large');
  });

  it('refuses a path that another reader could take for another path with a 400 invalid_path error body', async () => {
    // Before the edge's rule, `\` and `%2e%2e` went through URL normalisation: `/api/v1/storage/x\..` reached
    // another path than the one sent.
    for (const path of [
      '/api/v1/storage/..',
      '/api/v1/storage/%2e%2e',
      '/api/v1/storage/%2E%2E/../x',
      '/api/v1/storage/vol_scratch\\..',
      '/api/v1/storage/a%5Cb',
      '/api/v1//storage/vol_scratch',
      '/api/v1/storage/vol_scratch;x',
    ]) {
      const answer = await rawRequest('PATCH', mock.platformUrl, path, '{"size_gb":200}');
      expect(answer.status, path).toBe(400);
      const body = JSON.parse(answer.body);
      expect(schemaErrors('ErrorResponse', body)).toEqual([]);
      expect(body.error.code, path).toBe('invalid_path');
    }
    expect(mock.simulator?.state.workspace(key).volumes.get('vol_scratch')?.sizeGb).toBe(20);
  });

  it('cuts a stream on demand: the client sees the connection end without [DONE]', async () => {
    const response = await fetch(`${mock.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { ...headers, 'x-simulate': 'stream-cut-after=2' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('serves the url of a generated image, and lets pages on other origins read answers and headers', async () => {
    const origin = 'http://127.0.0.1:4013';
    const response = await fetch(`${mock.baseUrl}/images/generations`, {
      method: 'POST',
      headers: { ...headers, origin },
      body: JSON.stringify({ model: 'flux', prompt: 'a lighthouse' }),
    });
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-expose-headers')).toMatch(/x-request-id/);
    const { data } = await response.json();
    expect(data[0].url.startsWith(new URL(mock.baseUrl).origin)).toBe(true);
    const image = await fetch(data[0].url);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('answers many requests in flight, each with its own request id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 64 }, () =>
        fetch(`${mock.platformUrl}/api/v1/billing/transactions?limit=5`, { headers }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.headers.get('x-request-id'))).size).toBe(64);
  });

  it('resets over HTTP', async () => {
    expect((await fetch(`${mock.platformUrl}/__simulator/reset`, { method: 'POST' })).status).toBe(204);
    expect(mock.simulator?.state.workspaces.size).toBe(0);
  });
});
