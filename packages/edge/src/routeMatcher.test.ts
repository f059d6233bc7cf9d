import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from './routeMatcher.js';

const match = createRouteMatcher([
  { method: 'GET', path: '/api/v1/instances/types', operationId: 'listInstanceTypes' },
  { method: 'GET', path: '/api/v1/storage/{id}', operationId: 'getVolume' },
  { method: 'PATCH', path: '/api/v1/storage/{id}', operationId: 'resizeVolume' },
  { method: 'POST', path: '/chat/completions', operationId: 'createChatCompletion' },
]);

describe('createRouteMatcher', () => {
  it('finds the operation of a method and path, with its parameters decoded', () => {
    expect(match('PATCH', '/api/v1/storage/vol%5F1')).toMatchObject({
      kind: 'operation',
      route: { operationId: 'resizeVolume' },
      pathParams: { id: 'vol_1' },
    });
    expect(match('GET', '/api/v1/instances/types')).toMatchObject({
      route: { operationId: 'listInstanceTypes' },
    });
  });

  it('says which methods a known path takes, and knows no other path', () => {
    expect(match('DELETE', '/api/v1/storage/vol_1')).toEqual({
      kind: 'method-not-allowed',
      allow: ['GET', 'PATCH'],
    });
    expect(match('GET', '/chat/completions')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
    for (const path of ['/api/v1/storage', '/api/v1/storage/a/b', '/api/v1/instances/types/', '/chat'])
      expect(match('GET', path), path).toEqual({ kind: 'unknown-path' });
  });

  it('refuses a parameter that would name another path, naming it', () => {
    for (const raw of ['%2e%2e', '.', '%2F', 'a%5Cb', '%zz'])
      expect(match('GET', `/api/v1/storage/${raw}`), raw).toMatchObject({
        kind: 'bad-parameter',
        field: 'id',
      });
  });
});
