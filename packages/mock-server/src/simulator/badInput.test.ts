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
      404,
      'unknown_path',
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
      'an id that is no volume',
      '/api/v1/storage/%2Fetc',
      { method: 'PATCH', body: '{"size_gb":200}' },
      404,
      'volume_not_found',
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

  it('says which methods a known path takes', async () => {
    const answer = await call('/api/v1/storage/vol_training', { method: 'GET' });
    expect(answer.body.error.message).toMatch(/takes PATCH/);
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
