import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, instantOf, sameValue } from './sameValue.js';

/** An instant written at an offset in minutes, as RFC 3339 allows: `2026-11-27T12:47:09.123+01:00`. */
function written(ms: number, offsetMinutes: number, fraction: boolean): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone =
    offsetMinutes === 0 && fraction
      ? 'Z'
      : `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${fraction ? local.slice(0, 23) : local.slice(0, 19)}${zone}`;
}

const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
const offset = fc.integer({ min: -14 * 60, max: 14 * 60 });

describe('answers compared by meaning', () => {
  it('takes one instant at any two offsets as the same value, in any field of any object', () => {
    fc.assert(
      fc.property(instant, offset, offset, fc.boolean(), (ms, a, b, fraction) => {
        const at = fraction ? ms : ms - (ms % 1000);
        expect(instantOf(written(at, a, fraction))).toBe(at);
        expect(
          sameValue(
            { id: 'v', createdAt: written(at, a, fraction) },
            { createdAt: written(at, b, fraction), id: 'v' },
          ),
        ).toBe(true);
      }),
    );
  });

  it('tells two instants apart, whatever their offsets', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 10 ** 9 }), offset, offset, (ms, later, a, b) => {
        expect(sameValue([written(ms, a, true)], [written(ms + later, b, true)])).toBe(false);
      }),
    );
  });

  it('reads only RFC 3339 date-times as instants, and leaves every other string as it is', () => {
    for (const text of [
      '2026-11-27 12:47:09Z',
      '2026-11-27T12:47Z',
      '2026-11-27T12:47:09',
      'vol_1',
      '1732712829',
    ])
      expect(instantOf(text)).toBeUndefined();
    expect(sameValue('2026-11-27T12:47:09', '2026-11-27T12:47:09Z')).toBe(false);
    expect(canonicalJson({ b: 1, a: [true, null] })).toBe(canonicalJson({ a: [true, null], b: 1.0 }));
  });
});
