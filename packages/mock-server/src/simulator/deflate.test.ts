import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deflate, deflateInJs, runtimeDeflate } from './deflate.js';

// What an image's pixels look like to deflate: long runs of one colour with short runs of another.
const rows = fc
  .array(fc.tuple(fc.nat(255), fc.integer({ min: 1, max: 3000 })), { minLength: 1, maxLength: 40 })
  .map((runs) => Uint8Array.from(runs.flatMap(([byte, length]) => Array(length).fill(byte))));

describe('deflate, the runtime zlib or fflate', () => {
  it('is the runtime zlib in Node, as the simulator draws its images with it here', () => {
    expect(runtimeDeflate()).toBeDefined();
    expect(deflate).not.toBe(deflateInJs);
  });

  it('gives a zlib stream either way that inflates, with either inflater, to the bytes given', () => {
    const native = runtimeDeflate();
    if (!native) throw new Error('Node has node:zlib: process.getBuiltinModule did not give it');
    fc.assert(
      fc.property(fc.oneof(rows, fc.uint8Array({ maxLength: 5000 })), (raw) => {
        for (const made of [native(raw), deflateInJs(raw)]) {
          expect(new Uint8Array(inflateSync(made))).toEqual(raw);
          expect(unzlibSync(made)).toEqual(raw);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('falls back to fflate where the runtime has no zlib (a browser, a worker without nodejs_compat)', () => {
    const saved = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule');
    try {
      Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true });
      expect(runtimeDeflate()).toBeUndefined();
      Object.defineProperty(process, 'getBuiltinModule', { value: () => undefined, configurable: true });
      expect(runtimeDeflate()).toBeUndefined();
    } finally {
      if (saved) Object.defineProperty(process, 'getBuiltinModule', saved);
    }
  });
});
