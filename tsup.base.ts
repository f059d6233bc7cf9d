import type { Options } from 'tsup';

/**
 * How every published package is built: ESM for modern tools and CommonJS for the `require` users that remain,
 * each with its own declaration file (`.d.ts` / `.d.cts`) so both module systems get correct types, plus source maps.
 */
export const publishedPackage = (entry: Record<string, string>, overrides: Options = {}): Options => ({
  entry,
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  outDir: 'dist',
  splitting: true,
  treeshake: true,
  ...overrides,
});
