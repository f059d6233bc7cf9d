import type * as NodeZlib from 'node:zlib';
import { zlibSync } from 'fflate';

/** A zlib stream (RFC 1950) of `raw`: what a PNG's IDAT chunks hold. */
export type Deflate = (raw: Uint8Array) => Uint8Array;

/** The same level either way, so an image is about the same few kilobytes whichever runtime drew it. */
const level = 6;

/** fflate, pure JS: the same in a browser (the MSW handlers), an edge runtime and Node. */
export const deflateInJs: Deflate = (raw) => zlibSync(raw, { level });

/**
 * The runtime's own zlib, where it has one (Node, Bun, Deno; workerd with nodejs_compat): about ten times faster than
 * fflate on a 2048x2048 image, which a contract run asks for dozens of times. Reached through
 * `process.getBuiltinModule` (Node >= 20.16, our engines floor is 20.19), not an import, so a browser bundle of the
 * simulator never meets `node:zlib`.
 */
export function runtimeDeflate(): Deflate | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const zlib = runtime?.getBuiltinModule?.('node:zlib') as typeof NodeZlib | undefined;
  if (typeof zlib?.deflateSync !== 'function') return undefined;
  return (raw) => zlib.deflateSync(raw, { level });
}

export const deflate: Deflate = runtimeDeflate() ?? deflateInJs;
