import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** Typical entries: create a client, call one method. React and TanStack Query are peers, so not counted. */
const entries: Record<string, string> = {
  'ours (validating)': `import { createClient } from '@inference-infra/fetch-client';
createClient({ apiKey: 'k', baseUrl: 'https://a.test/v1' }).embeddings.create({ model: 'm', input: 'x' }).then(console.log);`,
  'ours core (no validation)': `import { createClient } from '@inference-infra/fetch-client/core';
createClient({ apiKey: 'k', baseUrl: 'https://a.test/v1' }).embeddings.create({ model: 'm', input: 'x' }).then(console.log);`,
  'openapi-fetch bare': `import createClient from 'openapi-fetch';
createClient({ baseUrl: 'https://a.test/v1' }).POST('/embeddings', { body: { model: 'm', input: 'x' } }).then(console.log);`,
  openai: `import OpenAI from 'openai';
new OpenAI({ apiKey: 'k', dangerouslyAllowBrowser: true }).embeddings.create({ model: 'm', input: 'x' }).then(console.log);`,
};
const hooksEntry = `import { useInstanceTypes } from '@inference-infra/react-hooks';
export function Types() { return useInstanceTypes({}).data?.data.length ?? 0; }`;

function loaded(metafile: Metafile, output: string, seen = new Set<string>()): Set<string> {
  if (seen.has(output)) return seen;
  seen.add(output);
  for (const imported of metafile.outputs[output]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !imported.external) loaded(metafile, imported.path, seen);
  }
  return seen;
}

/** Min+gz bytes a browser loads up front for `source` (chunks behind a dynamic import are not counted). */
export async function gzippedSize(source: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: benchDir, loader: 'tsx' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['react', 'react-dom', '@tanstack/react-query', 'react/jsx-runtime'],
  });
  const entry = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint)?.[0] ?? '';
  const chunks = loaded(result.metafile, entry);
  return result.outputFiles
    .filter((file) => [...chunks].some((chunk) => file.path.endsWith(chunk)))
    .reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).byteLength, 0);
}

export async function bundleSizes(): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const [name, source] of Object.entries(entries)) sizes.set(name, await gzippedSize(source));
  const hooksBuilt = existsSync(
    new URL('../node_modules/@inference-infra/react-hooks/dist', import.meta.url),
  );
  if (hooksBuilt) sizes.set('react-hooks (one hook, peers excluded)', await gzippedSize(hooksEntry));
  return sizes;
}
