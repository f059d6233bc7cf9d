import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  defaultRetryPolicy,
  isRetryableStatus,
  requestNeverReachedServer,
  retryAfterMs,
} from './retryPolicy.js';

const headers = (init: Record<string, string>) => new Headers(init);
const now = Date.parse('2026-03-01T12:00:00Z');

describe('retryAfterMs', () => {
  it('reads Retry-After in seconds, fractions included', () => {
    expect(retryAfterMs(headers({ 'retry-after': '3' }), now)).toBe(3_000);
    expect(retryAfterMs(headers({ 'retry-after': '0.25' }), now)).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '0' }), now)).toBe(0);
  });

  it('reads Retry-After as an HTTP date, counted from now', () => {
    expect(retryAfterMs(headers({ 'retry-after': 'Sun, 01 Mar 2026 12:00:30 GMT' }), now)).toBe(30_000);
  });

  it('waits no time for an HTTP date already past', () => {
    expect(retryAfterMs(headers({ 'retry-after': 'Sun, 01 Mar 2026 11:59:00 GMT' }), now)).toBe(0);
  });

  it('prefers retry-after-ms, the finer of the two, when both are sent', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '150', 'retry-after': '9' }), now)).toBe(150);
  });

  it('falls back on Retry-After when retry-after-ms is unreadable or negative', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': 'soon', 'retry-after': '2' }), now)).toBe(2_000);
    expect(retryAfterMs(headers({ 'retry-after-ms': '-5', 'retry-after': '2' }), now)).toBe(2_000);
  });

  it('gives null when neither header says anything usable', () => {
    expect(retryAfterMs(headers({}), now)).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after': 'later' }), now)).toBeNull();
  });
});

describe('backoffMs', () => {
  const noJitter = () => 0;
  it('doubles from the initial delay up to the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6].map((retry) => backoffMs(retry, defaultRetryPolicy, noJitter));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('shortens each delay at random by a quarter at the most, never lengthens it', () => {
    expect(backoffMs(0, defaultRetryPolicy, () => 0.999_999)).toBeGreaterThan(375);
    expect(backoffMs(10, defaultRetryPolicy, () => 0.999_999)).toBeGreaterThan(6_000);
    expect(backoffMs(10, defaultRetryPolicy, () => 0.5)).toBe(7_000);
  });
});

describe('isRetryableStatus', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries %i', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });
  it.each([400, 401, 403, 404, 409, 422])(
    'does not retry %i: asking again gets the same answer',
    (status) => {
      expect(isRetryableStatus(status)).toBe(false);
    },
  );
});

describe('requestNeverReachedServer', () => {
  const failed = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT'])(
    'is true for %s: no connection, so nothing was sent',
    (code) => {
      expect(requestNeverReachedServer(failed(code))).toBe(true);
    },
  );

  it.each(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ETIMEDOUT'])(
    'is false for %s: the server may already have acted',
    (code) => {
      expect(requestNeverReachedServer(failed(code))).toBe(false);
    },
  );

  it('finds the code a few causes deep, as wrapped by our own errors', () => {
    const wrapped = new Error('Connection failed', { cause: failed('ECONNREFUSED') });
    expect(requestNeverReachedServer(wrapped)).toBe(true);
  });

  it('looks no deeper than four levels', () => {
    let error: unknown = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    for (let level = 0; level < 4; level++) error = new Error(`level ${level}`, { cause: error });
    expect(requestNeverReachedServer(error)).toBe(false);
  });

  it('is false for anything without a code, undefined included', () => {
    expect(requestNeverReachedServer(new Error('boom'))).toBe(false);
    expect(requestNeverReachedServer(undefined)).toBe(false);
    expect(requestNeverReachedServer({ code: 42 })).toBe(false);
  });
});
