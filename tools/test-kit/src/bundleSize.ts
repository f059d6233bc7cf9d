import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

export interface BundleSizeOptions {
  /** Where the imports of the source resolve from: a folder whose node_modules holds them. */
  resolveDir: string;
  /** Packages the app brings itself (peers such as React): left out of the bundle and of the count. */
  external?: string[];
}

/** An output chunk and every chunk it imports statically: what a browser must load before the code runs. */
function loadedChunks(metafile: Metafile, output: string, seen = new Set<string>()): Set<string> {
  if (seen.has(output)) return seen;
  seen.add(output);
  for (const imported of metafile.outputs[output]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !imported.external)
      loadedChunks(metafile, imported.path, seen);
  }
  return seen;
}

/**
 * The minified chunks that `source` loads up front when bundled for browsers with code splitting, one text each.
 * Chunks behind a dynamic import (the SSE parser, loaded on the first stream) are left out: a page that never
 * streams never loads them.
 */
export async function browserBundleChunks(
  source: string,
  { resolveDir, external = [] }: BundleSizeOptions,
): Promise<Uint8Array[]> {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: 'tsx' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Only names the chunks: nothing is written.
    outdir: 'bundle-size',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external,
  });
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint)?.[0];
  if (!entry) throw new Error('esbuild produced no entry chunk');
  const chunks = loadedChunks(result.metafile, entry);
  return result.outputFiles
    .filter((file) => [...chunks].some((chunk) => file.path.endsWith(chunk)))
    .map((file) => file.contents);
}

/** Minified and gzipped bytes that `source` loads up front when bundled for browsers (see browserBundleChunks). */
export async function gzippedBundleSize(source: string, options: BundleSizeOptions): Promise<number> {
  const chunks = await browserBundleChunks(source, options);
  return chunks.reduce((total, chunk) => total + gzipSync(chunk, { level: 9 }).byteLength, 0);
}
