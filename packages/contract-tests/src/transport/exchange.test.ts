import { createRedactor } from '@inference-infra/edge';
import { describe, expect, it } from 'vitest';
import { bodyLimit, createExchangeLog, type Exchange, shownExchange } from './exchange.js';

const key = 'ii_live_s3cret_value';
const redactor = createRedactor(key);

const exchange: Exchange = {
  operationId: 'listBillingTransactions',
  startedAt: '2026-01-01T00:00:00.000Z',
  method: 'POST',
  url: `http://127.0.0.1:9/api/v1/billing/transactions?echo=${key}`,
  requestHeaders: { authorization: `Bearer ${key}`, 'x-other': `Bearer ${key.slice(0, -1)}x` },
  requestBody: JSON.stringify({ note: key }),
  status: 400,
  statusText: `Bad Bearer ${key}`,
  responseHeaders: [
    ['x-echo', key],
    [`x-${key}`, 'named after it'],
  ],
  responseBody: `{"error":{"message":"malformed header Bearer ${key.slice(0, -1)}y"}}`,
  responseBodySize: 60,
  error: `no answer for ${key}`,
  durationMs: 3,
};

describe('shownExchange', () => {
  it('redacts the key, and the key one character off, in the URL, headers, status text, bodies and error', () => {
    const shown = shownExchange(exchange, redactor);
    expect(JSON.stringify(shown)).not.toContain(key.slice(0, 8));
    expect(shown.requestHeaders.authorization).toBe('Bearer [redacted]');
    expect(shown.requestHeaders['x-other']).toBe('Bearer [redacted]x');
    expect(shown.url).toBe('http://127.0.0.1:9/api/v1/billing/transactions?echo=[redacted]');
    expect(shown.requestBody).toBe('{"note":"[redacted]"}');
    expect(shown.statusText).toBe('Bad Bearer [redacted]');
    expect(shown.responseBody).toContain('Bearer [redacted]y');
    expect(shown.responseHeaders).toEqual([
      ['x-echo', '[redacted]'],
      ['x-[redacted]', 'named after it'],
    ]);
    expect(shown.error).toBe('no answer for [redacted]');
  });

  it('cuts the answer at the body limit only after redacting it, so a key across the cut leaves nothing', () => {
    for (const before of [1, 7, 8, 12, key.length - 1]) {
      const body = `${'x'.repeat(bodyLimit - before)}${key}${'y'.repeat(100)}`;
      const shown = shownExchange(
        { ...exchange, responseBody: body, responseBodySize: body.length },
        redactor,
      );
      expect(shown.responseBody).toBe(
        `${'x'.repeat(bodyLimit - before)}[redacted]${'y'.repeat(100)}`.slice(0, bodyLimit),
      );
      expect(shown.responseBodySize).toBe(body.length);
    }
  });

  it('leaves the recorded exchange as it was (the reproduction needs the real request)', () => {
    shownExchange(exchange, redactor);
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
