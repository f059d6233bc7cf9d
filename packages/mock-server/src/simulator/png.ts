import { deflate } from './deflate.js';

/**
 * A real PNG of one colour at the size asked for. Compressed (deflate.ts: the runtime's zlib, else fflate): a one-colour
 * image of 2048x2048 is a few kilobytes, where stored blocks would send 12 MB.
 */

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * The last images made, by size and colour: deflating a 2048x2048 image costs tens of milliseconds, and a seeded
 * simulator asked the same prompt (a test suite, a contract run against many mutants) makes the same image again.
 * Bounded by count and by bytes, the least recently used dropped first; each caller gets its own copy.
 */
const recentImages = new Map<string, Uint8Array<ArrayBuffer>>();
const maxRecentImages = 64;
const maxRecentBytes = 8 * 1024 * 1024;
let recentBytes = 0;

/** A `width` x `height` RGB PNG filled with `rgb`, with a lighter diagonal so a viewer can tell it is an image. */
export function solidPng(
  width: number,
  height: number,
  rgb: readonly [number, number, number],
): Uint8Array<ArrayBuffer> {
  const key = `${width}x${height}:${rgb.join(',')}`;
  const recent = recentImages.get(key);
  if (recent) {
    recentImages.delete(key);
    recentImages.set(key, recent);
    return recent.slice();
  }
  const png = drawPng(width, height, rgb);
  recentImages.set(key, png);
  recentBytes += png.length;
  for (const [oldKey, old] of recentImages) {
    if (recentImages.size <= maxRecentImages && recentBytes <= maxRecentBytes) break;
    recentImages.delete(oldKey);
    recentBytes -= old.length;
  }
  return png.slice();
}

function drawPng(
  width: number,
  height: number,
  rgb: readonly [number, number, number],
): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filter, no interlace
  const stride = 1 + width * 3;
  const raw = new Uint8Array(stride * height);
  const lighter = rgb.map((value) => Math.min(255, value + 96));
  const row = new Uint8Array(stride);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  for (let y = 0; y < height; y += 1) {
    // Each row is the plain colour with a short lighter run where the diagonal crosses it.
    raw.set(row, y * stride);
    const centre = (y / height) * width;
    const half = 0.04 * width;
    for (let x = Math.max(0, Math.ceil(centre - half)); x < Math.min(width, centre + half); x += 1) {
      raw.set(lighter, y * stride + 1 + x * 3);
    }
  }
  const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const parts = [
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflate(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

/** Plain base64 of bytes, with the web platform's `btoa` (in Node since 16), so no `Buffer` is needed. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
