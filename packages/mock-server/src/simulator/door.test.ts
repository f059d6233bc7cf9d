import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../startMockServer.js';
import { schemaErrors } from '../test/errorBodySchema.js';

const key = 'ii_live_door';
const auth = { authorization: `Bearer ${key}` };
let mock: MockServer;
let platformPort: number;
beforeAll(async () => {
  mock = await startMockServer({
    maxBodyBytes: 4096,
    bodyTimeoutMs: 300,
    allowedOrigins: ['https://docs.example'],
  });
  platformPort = Number(new URL(mock.platformUrl).port);
});
afterAll(() => mock.close());

const typesRequest = (hostLines: string) =>
  `GET /api/v1/instances/types HTTP/1.1\r\n${hostLines}authorization: Bearer ${key}\r\n\r\n`;

function expectErrorBody(body: string, code: string) {
  const json = JSON.parse(body);
  expect(schemaErrors('ErrorResponse', json)).toEqual([]);
  expect(json.error.code).toBe(code);
}

describe("the simulator's door", () => {
  it('refuses two Host headers with a 400, and takes any one well-formed name', async () => {
    const two = await sendRaw(platformPort, {
      bytes: typesRequest('Host: 127.0.0.1\r\nHost: evil.example\r\n'),
    });
    expect(two.status).toBe(400);
    expectErrorBody(two.body, 'malformed_host');
    const any = await sendRaw(platformPort, { bytes: typesRequest('Host: any-name.example:8080\r\n') });
    expect(any.status).toBe(200);
  });

  it('answers a body that stops arriving with a 408 naming bodyTimeoutMs', async () => {
    const answer = await sendRaw(platformPort, {
      bytes: `PATCH /api/v1/storage/vol_scratch HTTP/1.1\r\nHost: 127.0.0.1\r\nauthorization: Bearer ${key}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"size_gb":`,
      timeoutMs: 3000,
    });
    expect(answer.status).toBe(408);
    expectErrorBody(answer.body, 'body_timeout');
    expect(JSON.parse(answer.body).error.message).toContain('bodyTimeoutMs');
  });

  it('keeps a connection whose body it refused usable: the next request on it is answered', async () => {
    // fetch sends the next request on the idle connection the refusal left.
    for (let round = 0; round < 3; round += 1) {
      const large = await fetch(`${mock.baseUrl}/embeddings`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', input: 'x'.repeat(20_000) }),
      });
      expect(large.status).toBe(400);
      expect((await large.json()).error.code).toBe('body_too_large');
      const small = await fetch(`${mock.baseUrl}/embeddings`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', input: 'x' }),
      });
      expect(small.status).toBe(200);
    }
  });

  it('answers a refused page its 403 while its large body is still arriving, never a reset', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 16) controller.close();
        else controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
      },
    });
    const answer = await fetch(`${mock.platformUrl}/__simulator/reset`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(403);
    expect((await answer.json()).error.code).toBe('origin_not_allowed');
  });

  it('takes pages of loopback origins and of allowedOrigins, and refuses others', async () => {
    const from = (origin: string) =>
      fetch(`${mock.platformUrl}/api/v1/instances/types`, { headers: { ...auth, origin } });
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:4013', 'https://docs.example']) {
      const answer = await from(origin);
      expect(answer.status, origin).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const refused = await from('https://other.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses two Origin headers', async () => {
    const answer = await sendRaw(platformPort, {
      bytes: typesRequest(
        'Host: 127.0.0.1\r\nOrigin: http://localhost:5173\r\nOrigin: http://evil.example\r\n',
      ),
    });
    expect(answer.status).toBe(400);
    expectErrorBody(answer.body, 'malformed_origin');
  });
});
