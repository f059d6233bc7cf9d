import { describe, expect, it } from 'vitest';
import { cutText, redactorOf } from './redaction.js';

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

  describe('a key of 24 secret characters', () => {
    const long = 'ii_live_0123456789abcdefghijklmn';
    const redactLong = redactorOf(long);

    it('redacts the key quoted less its last character, so no 23 of its 24 characters pass', () => {
      const echo = `{"error":{"message":"invalid key ${long.slice(0, -1)}"}}`;
      expect(redactLong(echo)).toBe('{"error":{"message":"invalid key [redacted]"}}');
    });

    it('redacts any 8 characters of its secret in a row, wherever they stand', () => {
      expect(redactLong({ text: `tail ${long.slice(-9)} and head ${long.slice(8, 16)}` })).toEqual({
        text: 'tail [redacted] and head [redacted]',
      });
    });

    it('redacts it base64-encoded (a Basic header echoed) and \\u-escaped (a JSON writer that escapes all)', () => {
      const basic = Buffer.from(`user:${long}`).toString('base64');
      const escaped = [...long]
        .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join('');
      const redactedText = redactLong(`Basic ${basic} / "${escaped}"`);
      expect(redactedText).toContain('[redacted]');
      // Characters 16 to 32 of the base64 text spell bytes 12 to 24 of `user:<key>`: all inside the secret.
      expect(redactedText).not.toContain(basic.slice(16, 32));
      expect(redactedText).not.toContain(escaped.slice(60, 120));
    });
  });
});

describe('cutText', () => {
  it('cuts only what it is given, saying how much was left out', () => {
    expect(cutText('abcdef', 4)).toBe('abcd… (2 more characters left out)');
    expect(cutText('abc', 4)).toBe('abc');
  });
});
