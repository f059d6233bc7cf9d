import { describe, expect, it } from 'vitest';
import { redactHeaders, redactSecret } from './redactSecret.js';

const key = 'ii_live_s3cr3t';

describe('redactSecret', () => {
  it('replaces the secret in strings, arrays and nested objects, leaving the rest as it was', () => {
    const body = {
      error: { message: `Invalid key ${key}`, param: null, code: 'invalid_api_key', list: [key, 1] },
    };
    expect(redactSecret(body, key)).toEqual({
      error: {
        message: 'Invalid key [redacted]',
        param: null,
        code: 'invalid_api_key',
        list: ['[redacted]', 1],
      },
    });
    expect(redactSecret(`<html>${key}${key}</html>`, key)).toBe('<html>[redacted][redacted]</html>');
  });

  it('gives back a value without the secret unchanged', () => {
    const body = { error: { message: 'Rate limited' } };
    expect(redactSecret(body, key)).toEqual(body);
    expect(redactSecret(undefined, key)).toBeUndefined();
    expect(redactSecret(42, key)).toBe(42);
  });
});

describe('redactHeaders', () => {
  it('copies headers only when one holds the secret', () => {
    const clean = new Headers({ 'x-request-id': 'req_1' });
    expect(redactHeaders(clean, key)).toBe(clean);
    const echoed = redactHeaders(
      new Headers({ 'x-request-id': 'req_1', 'www-authenticate': `Bearer ${key}` }),
      key,
    );
    expect(echoed.get('www-authenticate')).toBe('Bearer [redacted]');
    expect(echoed.get('x-request-id')).toBe('req_1');
  });
});
