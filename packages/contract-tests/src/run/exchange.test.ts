import { describe, expect, it } from 'vitest';
import { createExchangeLog, type Exchange, redactExchange } from './exchange.js';

const key = 'ii_live_s3cret_value';

const exchange: Exchange = {
  operationId: 'listBillingTransactions',
  startedAt: '2026-01-01T00:00:00.000Z',
  method: 'POST',
  url: `http://127.0.0.1:9/api/v1/billing/transactions?echo=${key}`,
  requestHeaders: { authorization: `Bearer ${key}`, 'x-other': `Bearer ${key.slice(0, -1)}x` },
  requestBody: JSON.stringify({ note: key }),
  status: 400,
  statusText: 'Bad Request',
  responseHeaders: [['x-echo', key]],
  responseBody: `{"error":{"message":"malformed header Bearer ${key.slice(0, -1)}y"}}`,
  responseBodySize: 60,
  error: `no answer for ${key}`,
  durationMs: 3,
};

describe('redactExchange', () => {
  it('replaces the key, and the key one character off, in the URL, headers, bodies and error', () => {
    const shown = redactExchange(exchange, key);
    expect(JSON.stringify(shown)).not.toContain(key.slice(0, -1));
    expect(shown.requestHeaders.authorization).toBe('Bearer [redacted]');
    expect(shown.requestHeaders['x-other']).toBe('Bearer [redacted]x');
    expect(shown.url).toBe('http://127.0.0.1:9/api/v1/billing/transactions?echo=[redacted]');
    expect(shown.requestBody).toBe('{"note":"[redacted]"}');
    expect(shown.responseBody).toContain('Bearer [redacted]y');
    expect(shown.responseHeaders).toEqual([['x-echo', '[redacted]']]);
    expect(shown.error).toBe('no answer for [redacted]');
  });

  it('leaves the recorded exchange as it was (the reproduction needs the real request)', () => {
    redactExchange(exchange, key);
    expect(exchange.requestHeaders.authorization).toBe(`Bearer ${key}`);
  });
});

describe('createExchangeLog', () => {
  it('hands out each exchange once, oldest first', () => {
    const log = createExchangeLog();
    log.record(exchange);
    log.record({ ...exchange, status: 200 });
    expect(log.take().map((x) => x.status)).toEqual([400, 200]);
    expect(log.take()).toEqual([]);
  });
});
