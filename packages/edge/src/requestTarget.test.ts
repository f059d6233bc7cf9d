import { describe, expect, it } from 'vitest';
import { checkTarget } from './requestTarget.js';

describe('checkTarget', () => {
  it('takes an absolute-form target by its path, its authority only checked to be a host', () => {
    expect(checkTarget('http://any.example:8080/v1/x?q=1')).toEqual({ pathname: '/v1/x', search: '?q=1' });
    for (const target of ['http://[/x', 'http:///x', 'http://user@host/x', 'http://a b/x'])
      expect(checkTarget(target), target).toMatchObject({ status: 400, code: 'malformed_request_target' });
  });

  it('refuses what another reader could take for another path', () => {
    for (const target of ['/v1/..', '/v1/%2e%2E', '/v1/%252e%252e/x', '/a\\b', '/a%5Cb', '/a//b', '/a;b'])
      expect(checkTarget(target), target).toMatchObject({ status: 400, code: 'invalid_path' });
  });
});
