import { describe, expect, it } from 'vitest';
import { createSeededRandom, randomHex, randomIndex, shuffled } from './seededRandom.js';

const draw = (seed: number, n = 5) => {
  const random = createSeededRandom(seed);
  return Array.from({ length: n }, () => random());
};

describe('createSeededRandom', () => {
  it('gives the same sequence for the same seed, so a run can be replayed', () => {
    expect(draw(42)).toEqual(draw(42));
  });

  it('gives another sequence for another seed', () => {
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('stays in [0, 1) and spreads over it', () => {
    const values = draw(7, 2000);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    // Each tenth of the interval gets some: a generator stuck in one corner would not.
    const tenths = new Set(values.map((v) => Math.floor(v * 10)));
    expect(tenths.size).toBe(10);
  });
});

describe('helpers over a seeded random', () => {
  it('draw indexes below the bound, hex of the asked length, and permutations', () => {
    const random = createSeededRandom(1);
    const indexes = Array.from({ length: 200 }, () => randomIndex(random, 3));
    expect(new Set(indexes)).toEqual(new Set([0, 1, 2]));
    expect(randomHex(random, 24)).toMatch(/^[0-9a-f]{24}$/);
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const order = shuffled(random, items);
    expect([...order].sort()).toEqual(items);
    expect(shuffled(createSeededRandom(9), items)).toEqual(shuffled(createSeededRandom(9), items));
  });
});
