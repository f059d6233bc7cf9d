import { describe, expect, it } from 'vitest';
import { isOperationPath } from './hostileTargets.js';
import { keyEchoes, keyLeaksIn } from './keyLeaks.js';

const key = 'ii_live_keyLeaksOwnTest0017';

describe('keyLeaksIn', () => {
  it('finds every echo an upstream is made to send, inside other text and inside JSON strings', () => {
    for (const echo of keyEchoes(key)) {
      expect(keyLeaksIn(key, `before ${echo} after`), echo).not.toEqual([]);
      expect(keyLeaksIn(key, JSON.stringify({ message: `x${echo}` })), echo).not.toEqual([]);
    }
  });

  it('finds nothing in text without the key, nor in the documented prefix alone', () => {
    expect(keyLeaksIn(key, '{"error":{"message":"invalid key ii_live_[redacted]"}}')).toEqual([]);
    expect(keyLeaksIn(key, 'leaks nothing: keyLeak')).toEqual([]);
  });
});

describe('isOperationPath', () => {
  const templates = ['/v1/chat/completions', '/api/v1/storage/{id}'];
  it('takes operation paths with plain parameters only', () => {
    expect(isOperationPath('/v1/chat/completions?x=1', templates)).toBe(true);
    expect(isOperationPath('/api/v1/storage/vol_1', templates)).toBe(true);
    for (const path of [
      '/api/v1/storage/%2e%2e',
      '/api/v1/storage/a%2Fb',
      '/api/v1/storage/',
      '/v1/chat',
      '/api/v1/storage/a;b',
    ])
      expect(isOperationPath(path, templates), path).toBe(false);
  });
});
