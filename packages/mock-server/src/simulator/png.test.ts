import { inflateSync } from 'node:zlib';
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

describe('solidPng, the pixels', () => {
  it('is the colour asked for, with the lighter diagonal, at every size', () => {
    fc.assert(
      fc.property(images, ({ width, height, rgb }) => {
        const png = solidPng(width, height, rgb);
        // One IDAT chunk after the 8-byte signature and the 25-byte IHDR chunk.
        const view = new DataView(png.buffer, png.byteOffset);
        const idatLength = view.getUint32(33);
        expect(String.fromCharCode(...png.subarray(37, 41))).toBe('IDAT');
        const raw = inflateSync(png.subarray(41, 41 + idatLength));
        const stride = 1 + width * 3;
        expect(raw.length).toBe(stride * height);
        const lighter = rgb.map((value) => Math.min(255, value + 96));
        for (let y = 0; y < height; y += 1) {
          expect(raw[y * stride]).toBe(0); // no filter
          const pixel = (x: number) => [...raw.subarray(y * stride + 1 + x * 3, y * stride + 4 + x * 3)];
          // The row's first and last pixels are the colour, or the diagonal's lighter one where it crosses them.
          for (const x of [0, width - 1]) expect([rgb, lighter]).toContainEqual(pixel(x));
        }
      }),
      { numRuns: 100, seed: 11 },
    );
  });
});
