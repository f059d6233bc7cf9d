import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileTargets } from '../../../tools/test-kit/src/hostileTargets.js';
import { isRefusal } from './refusal.js';
import { checkTarget } from './requestTarget.js';

// The generator every door's fuzz suite uses (tools/test-kit), imported by path: test-kit builds on this package, so
// a package dependency would be a cycle.
const hostileTarget = hostileTargets([
  '/v1/chat/completions',
  '/v1/embeddings',
  '/api/v1/instances/types',
  '/api/v1/storage/vol_1',
]);

describe('checkTarget', () => {
  it('lets through only paths every parser reads as sent: no dot segment, backslash or empty segment survives (fast-check)', () => {
    fc.assert(
      fc.property(hostileTarget, (target) => {
        const checked = checkTarget(target);
        if (isRefusal(checked)) {
          expect(checked.status).toBe(400);
          expect(checked.message).toMatch(/^(path|request target): /);
          return;
        }
        // The WHATWG parser (fetch, the web handler's URL) resolves nothing in it...
        expect(new URL(checked.pathname, 'http://127.0.0.1').pathname).toBe(checked.pathname);
        // ... and decoded, as a server that decodes before routing reads it, it names the same segments.
        const decoded = decodeURIComponent(decodeURIComponent(checked.pathname.replaceAll('%25', '%2525')));
        expect(decoded.split('/').some((segment) => segment === '.' || segment === '..')).toBe(false);
        expect(checked.pathname).not.toMatch(/\\|%5c|;|\/\/./i);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('refuses each spelling the doors met, naming the path and the rule', () => {
    for (const target of [
      '/v1\\chat/completions',
      '/api/..\\v1/chat/completions',
      '/api/%2e%2e/v1/chat/completions',
      '/api/%2E./v1/x',
      '/v1//chat',
      '/v1/chat;x/completions',
      '/v1/%5Cchat',
      '/api/%252e%252e/v1',
      '*',
      'ftp://x/v1',
    ]) {
      const checked = checkTarget(target);
      expect(isRefusal(checked), target).toBe(true);
    }
    expect(checkTarget('/v1\\chat')).toMatchObject({ status: 400, code: 'invalid_path', param: 'path' });
  });

  it('takes origin and absolute forms and a web URL, and keeps the query as sent', () => {
    expect(checkTarget('/api/v1/billing/transactions?limit=5&offset=..')).toEqual({
      pathname: '/api/v1/billing/transactions',
      search: '?limit=5&offset=..',
    });
    expect(checkTarget('http://127.0.0.1:4010/v1/models?x#frag')).toEqual({
      pathname: '/v1/models',
      search: '?x',
      authority: '127.0.0.1:4010',
    });
    expect(checkTarget('http://127.0.0.1:4010')).toEqual({
      pathname: '/',
      search: '',
      authority: '127.0.0.1:4010',
    });
    expect(checkTarget('/api/v1/storage/vol%5F1/')).toEqual({
      pathname: '/api/v1/storage/vol%5F1/',
      search: '',
    });
  });

  it('takes an absolute-form target by its path, and hands its authority back for the Host policy', () => {
    expect(checkTarget('http://any.example:8080/v1/x?q=1')).toEqual({
      pathname: '/v1/x',
      search: '?q=1',
      authority: 'any.example:8080',
    });
    for (const target of ['http://[/x', 'http:///x', 'http://user@host/x', 'http://a b/x'])
      expect(checkTarget(target), target).toMatchObject({ status: 400, code: 'malformed_request_target' });
  });
});
