import { describe, expect, it } from 'vitest';
import { cutText, redactorOf } from './redact.js';

describe('redactorOf', () => {
  const key = 'ii_live_a"b/c+d';
  const redact = redactorOf(key);

  it('redacts the key as is, JSON-escaped and percent-encoded, deeply, keys of objects too', () => {
    const value = {
      text: `key ${key}`,
      json: JSON.stringify({ echo: key }),
      url: `https://x.test/?k=${encodeURIComponent(key)}`,
      nested: [{ [key]: [key] }],
      count: 3,
    };
    expect(JSON.stringify(redact(value))).not.toContain('a"b');
    expect(redact(value)).toEqual({
      text: 'key [redacted]',
      json: '{"echo":"[redacted]"}',
      url: 'https://x.test/?k=[redacted]',
      nested: [{ '[redacted]': ['[redacted]'] }],
      count: 3,
    });
  });

  it('leaves values alone without a key', () => {
    const value = { a: 'b' };
    expect(redactorOf(undefined)(value)).toBe(value);
  });

  it('cuts only what it is given, saying how much was left out', () => {
    expect(cutText('abcdef', 4)).toBe('abcd… (2 more characters left out)');
    expect(cutText('abc', 4)).toBe('abc');
  });
});
