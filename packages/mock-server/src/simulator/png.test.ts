import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solidPng } from './png.js';

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const sizeOf = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
};
const images = fc.record({
  width: fc.integer({ min: 1, max: 96 }),
  height: fc.integer({ min: 1, max: 96 }),
  rgb: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)),
});

describe('solidPng, made once and kept for the next ask', () => {
  it('gives the same bytes for the same size and colour, each caller its own copy', () => {
    fc.assert(
      fc.property(images, ({ width, height, rgb }) => {
        const first = solidPng(width, height, rgb);
        first.fill(0); // what one caller does to its copy reaches no other
        const second = solidPng(width, height, rgb);
        const third = solidPng(width, height, rgb);
        expect([...second.subarray(0, 8)]).toEqual(signature);
        expect(sizeOf(second)).toEqual([width, height]);
        expect(third).toEqual(second);
        expect(third).not.toBe(second);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('keeps answering past the bound of images kept, old ones made again alike', () => {
    const early = solidPng(40, 30, [1, 2, 3]);
    for (let i = 0; i < 100; i += 1) solidPng(64, 64, [i, 0, 0]);
    expect(solidPng(40, 30, [1, 2, 3])).toEqual(early);
  });
});
