import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

/** What a typical app does with the client: create it, call one method. */
export function typicalEntry(entry: string): string {
  return `import { createClient } from '${entry}';
const client = createClient({ apiKey: 'ii_live_x', baseUrl: 'https://api.example.test/v1' });
client.embeddings.create({ model: 'm', input: 'hello' }).then(console.log);`;
}

/** An output chunk and every chunk it imports statically: what a browser must load before the code runs. */
function loadedChunks(metafile: Metafile, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const imported of metafile.outputs[entry]?.imports ?? []) {
    if (imported.kind === 'import-statement') loadedChunks(metafile, imported.path, seen);
  }
  return seen;
}

/**
 * Minified and gzipped bytes that `source` loads up front when bundled for browsers with code splitting.
 * Chunks behind a dynamic import (the SSE parser, loaded on the first stream) are not counted: a page that never
 * streams never loads them.
 */
export async function gzippedBundleSize(source: string, resolveDir: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: 'bundle-size',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint)?.[0];
  if (!entry) throw new Error('esbuild produced no entry chunk');
  const chunks = loadedChunks(result.metafile, entry);
  return result.outputFiles
    .filter((file) => [...chunks].some((chunk) => file.path.endsWith(chunk)))
    .reduce((total, file) => total + gzipSync(file.contents, { level: 9 }).byteLength, 0);
}
