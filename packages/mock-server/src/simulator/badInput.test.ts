import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { simulate } from '../test/inProcess.js';

describe('bad input to the simulator itself', () => {
  const { call, simulator } = simulate({ maxBodyBytes: 4096 });

  it.each([
    [
      'malformed JSON',
      '/api/v1/storage/vol_training',
      { method: 'PATCH', body: '{"size_gb": ' },
      400,
      'invalid_json',
    ],
    [
      'a JSON array body',
      '/api/v1/storage/vol_training',
      { method: 'PATCH', body: '[]' },
      400,
      'invalid_type',
    ],
    ['no body', '/embeddings', { method: 'POST' }, 400, 'missing_field'],
    [
      'a body over the limit',
      '/embeddings',
      { method: 'POST', body: JSON.stringify({ model: 'm', input: 'x'.repeat(5000) }) },
      400,
      'body_too_large',
    ],
    ['an unknown path', '/api/v1/volumes', {}, 404, 'unknown_path'],
    [
      'a known path with another method',
      '/api/v1/storage/vol_training',
      { method: 'DELETE' },
      405,
      'method_not_allowed',
    ],
    [
      'a JSON body sent as text/plain (what a page of another site can send without asking)',
      '/chat/completions',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{"model":"m","messages":[{"role":"user","content":"spend"}]}',
      },
      415,
      'unsupported_media_type',
    ],
    [
      'a JSON body sent as a form',
      '/api/v1/storage/vol_training',
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '{"size_gb":200}',
      },
      415,
      'unsupported_media_type',
    ],
    // URLs read %2E%2E as a `..` segment too, so neither form can reach a volume.
    [
      'a path id of %2E%2E',
      '/api/v1/storage/%2E%2E',
      { method: 'PATCH', body: '{"size_gb":200}' },
      404,
      'unknown_path',
    ],
    [
      'an id that would name another path (an encoded /), naming the parameter',
      '/api/v1/storage/%2Fetc',
      { method: 'PATCH', body: '{"size_gb":200}' },
      400,
      'invalid_path_parameter',
    ],
    [
      'a bare .. segment',
      '/api/v1/storage/..',
      { method: 'PATCH', body: '{"size_gb":200}' },
      404,
      'unknown_path',
    ],
    ['a platform path under /v1', 'http://127.0.0.1:4010/v1/api/v1/instances/types', {}, 404, 'unknown_path'],
  ] as const)('answers %s with the spec error body', async (_name, path, init, status, code) => {
    const answer = await call(path, init as RequestInit);
    expect(answer.status).toBe(status);
    expect(schemaErrors('ErrorResponse', answer.body)).toEqual([]);
    expect(answer.body.error.code).toBe(code);
  });

  it('counts a text body in bytes, not characters, against the limit', async () => {
    // 1500 three-byte characters: 4500 bytes over a 4096-byte limit, though only 1500 characters.
    const answer = await call('/embeddings', {
      method: 'POST',
      body: JSON.stringify({ model: 'm', input: '€'.repeat(1500) }),
    });
    expect(answer.body.error.code).toBe('body_too_large');
  });

  it('answers a web Request and a byte body as it answers a URL and a text', async () => {
    const init = {
      method: 'POST',
      headers: { authorization: 'Bearer ii_live_simtests', 'content-type': 'application/json' },
    };
    const body = JSON.stringify({ model: 'm', input: ['a', 'b'] });
    const fromText = await simulator.fetch('http://127.0.0.1:4010/v1/embeddings', { ...init, body });
    const fromRequest = await simulator.fetch(
      new Request('http://127.0.0.1:4010/v1/embeddings', { ...init, body: new TextEncoder().encode(body) }),
    );
    expect(fromRequest.status).toBe(200);
    expect((await fromRequest.json()).data).toEqual((await fromText.json()).data);
  });

  it('answers a method a known path does not take with 405 and Allow', async () => {
    const answer = await call('/api/v1/storage/vol_training', { method: 'GET' });
    expect(answer.status).toBe(405);
    expect(answer.response.headers.get('allow')).toBe('PATCH');
    expect(answer.body.error.message).toMatch(/takes PATCH/);
  });

  it('names the header to send when a body has no content type, and changes nothing', async () => {
    const answer = await call('/api/v1/storage/vol_training', {
      method: 'PATCH',
      headers: { 'content-type': '' },
      body: '{"size_gb":200}',
    });
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatchObject({ param: 'Content-Type' });
    expect(answer.body.error.message).toContain('send "Content-Type: application/json"');
    expect(simulator.state.workspace('ii_live_simtests').volumes.get('vol_training')?.sizeGb).toBe(100);
  });

  it('takes application/json with parameters and +json types', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/merge-patch+json',
    ]) {
      const answer = await call('/embeddings', {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify({ model: 'm', input: 'a' }),
      });
      expect(answer.status, type).toBe(200);
    }
  });

  it('answers a failing interceptor with a 500 error body, never a rejection', async () => {
    const broken = simulate({
      intercept: () => () => {
        throw new Error('interceptor bug');
      },
    });
    const answer = await broken.call('/api/v1/instances/types');
    expect(answer.status).toBe(500);
    expect(answer.body.error).toMatchObject({ type: 'server_error', code: 'simulator_failure' });
    expect(simulator.state.requests.length).toBeGreaterThan(0);
  });
});
