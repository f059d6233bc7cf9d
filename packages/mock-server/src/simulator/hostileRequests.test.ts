import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { type MockProcess, startMockProcess } from '../test/mockProcess.js';

const key = 'ii_live_hostile';
let mock: MockProcess;
beforeAll(async () => {
  mock = await startMockProcess(['--embedding-dimensions', '1536', '--max-embedding-inputs', '100000']);
});
afterAll(() => mock.stop());

const request = (head: string, body = '') =>
  `${head}\r\n${body ? `content-length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n${body}`;

async function stillServes() {
  const answer = await fetch(`${mock.platformUrl}/api/v1/instances/types`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(answer.status).toBe(200);
  expect(mock.exitCode()).toBeUndefined();
}

describe('the mock process under hostile requests', () => {
  it('answers a body far over --max-body-bytes with its 400, however much more the client is still sending', async () => {
    // 8 and 48 MB are still being sent when the 1 MiB limit's answer is written: a connection closed on them reaches
    // the client as a reset (fetch failed, ECONNRESET) instead of the 400 that says what to change.
    for (const bytes of [8_000_000, 48_000_000]) {
      const response = await fetch(`${mock.baseUrl}/embeddings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', input: 'x'.repeat(bytes) }),
      });
      expect(response.status, `${bytes} bytes`).toBe(400);
      expect((await response.json()).error.message).toBe(
        "body: must be at most 1048576 bytes (the simulator's maxBodyBytes)",
      );
    }
    await stillServes();
  });

  it.each([
    ['Host: a b', request('GET /api/v1/instances/types HTTP/1.1\r\nHost: a b'), 'malformed_host'],
    ['Host: [', request('GET /api/v1/instances/types HTTP/1.1\r\nHost: ['), 'malformed_host'],
    [
      'the request target http://[/x',
      request('GET http://[/x HTTP/1.1\r\nHost: 127.0.0.1'),
      'malformed_request_target',
    ],
    ['a request line that is no HTTP', 'GARBAGE\r\n\r\n', 'malformed_http'],
  ])('answers %s with a 400 error body and keeps serving', async (_name, bytes, code) => {
    const answer = await sendRaw(mock.platformPort, { bytes });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body);
    expect(schemaErrors('ErrorResponse', body)).toEqual([]);
    expect(body.error.code).toBe(code);
    await stillServes();
  });

  it('survives a POST that declares a body and closes early', async () => {
    const head = `POST /v1/embeddings HTTP/1.1\r\nHost: 127.0.0.1\r\nauthorization: Bearer ${key}\r\ncontent-type: application/json\r\ncontent-length: 1000`;
    const answer = await sendRaw(mock.inferencePort, {
      bytes: `${head}\r\n\r\n{"model":`,
      closeAfterSend: true,
    });
    expect(answer.ended).not.toBe('timeout');
    await stillServes();
  });

  it('refuses 20,000 empty inputs at 1536 dimensions with a 400 naming maxAnswerBytes, and keeps serving', async () => {
    const answer = await fetch(`${mock.baseUrl}/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', input: Array.from({ length: 20_000 }, () => '') }),
    });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.message).toContain('maxAnswerBytes');
    await stillServes();
  });

  it('builds image URLs from its own address, never from the Host a client sent', async () => {
    const body = JSON.stringify({ model: 'm', prompt: 'p' });
    const answer = await sendRaw(mock.inferencePort, {
      bytes: request(
        `POST /v1/images/generations HTTP/1.1\r\nHost: evil.example\r\nauthorization: Bearer ${key}\r\ncontent-type: application/json`,
        body,
      ),
    });
    expect(answer.status).toBe(200);
    const url = JSON.parse(answer.body).data[0].url as string;
    expect(new URL(url).origin).toBe(new URL(mock.baseUrl).origin);
  });

  it('refuses a reset from a page of another site, with or without an Origin, and the state stays', async () => {
    const grow = await fetch(`${mock.platformUrl}/api/v1/storage/vol_training`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"size_gb":150}',
    });
    expect(grow.status).toBe(200);
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://evil.example', 'content-type': 'text/plain' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
    ]) {
      const reset = await fetch(`${mock.platformUrl}/__simulator/reset`, {
        method: 'POST',
        headers,
        body: 'x',
      });
      expect(reset.status).toBe(403);
      expect(reset.headers.get('access-control-allow-origin')).toBeNull();
      expect((await reset.json()).error.code).toBe('origin_not_allowed');
    }
    const again = await fetch(`${mock.platformUrl}/api/v1/storage/vol_training`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"size_gb":150}',
    });
    expect(again.status).toBe(409);
  });

  it('answers CORS only for loopback pages by default', async () => {
    const preflight = (origin: string) =>
      fetch(`${mock.baseUrl}/chat/completions`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
    const local = await preflight('http://localhost:5173');
    expect(local.status).toBe(204);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const foreign = await preflight('http://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a method the path does not take with 405 and Allow over HTTP', async () => {
    const answer = await fetch(`${mock.platformUrl}/api/v1/storage/vol_training`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('PATCH');
  });

  it('printed nothing to stderr through all of it', () => {
    expect(mock.stderr()).toBe('');
  });
});
