import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldCase } from './caseFold.js';

const swapAscii = (text: string) =>
  text.replace(/[A-Za-z]/g, (char) =>
    char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase(),
  );

describe('foldCase', () => {
  it('lowers letters and keeps every position, also where a lower case would grow', () => {
    expect(foldCase('Ii_LIVE_AbC')).toBe('ii_live_abc');
    expect(foldCase('xİY')).toBe('xİy');
    expect(foldCase('𐐀A')).toBe('𐐨a');
  });

  it('keeps the length of any text, is its own fold, and folds a text with its letters swapped the same (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const folded = foldCase(text);
        expect(folded).toHaveLength(text.length);
        expect(foldCase(folded)).toBe(folded);
        expect(foldCase(swapAscii(text))).toBe(folded);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
