import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzippedBundleSize } from '@inference-infra/test-kit/bundleSize';

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

/**
 * One query through query-core and each of its adapters: what they add to an app that already creates a client (the
 * client is the app's, as the framework and TanStack are), so each row is the adapter's own cost.
 */
const queryCoreEntries: Record<string, string> = {
  'query-core (one factory, client and peers excluded)': `import { instanceTypesQueryOptions } from '@inference-infra/query-core';
export const options = (client) => instanceTypesQueryOptions(client, { gpu_type: 'H100' });`,
  'query-core/vue (one composable, client and peers excluded)': `import { useInstanceTypes } from '@inference-infra/query-core/vue';
export function types() { return useInstanceTypes(() => ({ gpu_type: 'H100' })).data.value?.data.length ?? 0; }`,
  'query-core/solid (one primitive, client and peers excluded)': `import { useInstanceTypes } from '@inference-infra/query-core/solid';
export function types() { return useInstanceTypes(() => ({ gpu_type: 'H100' })).data?.data.length ?? 0; }`,
  'query-core/svelte (one query, client and peers excluded)': `import { createInstanceTypesQuery } from '@inference-infra/query-core/svelte';
export function types() { return createInstanceTypesQuery(() => ({ gpu_type: 'H100' })).data?.data.length ?? 0; }`,
  'query-core/angular (one query, client and peers excluded)': `import { injectInstanceTypesQuery } from '@inference-infra/query-core/angular';
export function types() { return injectInstanceTypesQuery(() => ({ gpu_type: 'H100' })).data()?.data.length ?? 0; }`,
};

/** The peers an app brings itself, left out of every count. */
const peers = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  'react/jsx-runtime',
  '@tanstack/query-core',
  '@tanstack/vue-query',
  'vue',
  '@tanstack/solid-query',
  'solid-js',
  '@tanstack/svelte-query',
  'svelte',
  '@tanstack/angular-query-experimental',
  '@angular/core',
];

/** Min+gz bytes a browser loads up front for `source` (chunks behind a dynamic import are not counted). */
export function gzippedSize(source: string): Promise<number> {
  return gzippedBundleSize(source, { resolveDir: benchDir, external: peers });
}

export async function bundleSizes(): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const [name, source] of Object.entries(entries)) sizes.set(name, await gzippedSize(source));
  const hooksBuilt = existsSync(
    new URL('../node_modules/@inference-infra/react-hooks/dist', import.meta.url),
  );
  if (hooksBuilt) sizes.set('react-hooks (one hook, peers excluded)', await gzippedSize(hooksEntry));
  for (const [name, source] of Object.entries(queryCoreEntries)) sizes.set(name, await gzippedSize(source));
  return sizes;
}
