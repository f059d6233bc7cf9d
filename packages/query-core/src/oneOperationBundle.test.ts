import { fileURLToPath } from 'node:url';
import { browserBundleChunks } from '@inference-infra/test-kit/bundleSize';
import { describe, expect, it } from 'vitest';

// Each operation's name in an adapter is its own export over the generic primitives: an app that uses one operation's
// query bundles none of the others' code. Bundled from the sources, the toolkit's other packages and the frameworks
// left out, so what is left is this package's code alone.

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const external = [
  '@inference-infra/*',
  '@tanstack/*',
  '@angular/*',
  'vue',
  'solid-js',
  'solid-js/*',
  'svelte',
  'svelte/*',
];
// What only another operation's code would hold: its key segment or its client method.
const otherOperations = [
  'billingTransactions',
  'listTransactions',
  'volumes',
  'completions',
  'embeddings',
  'images',
];

const entries: Record<string, string> = {
  core: "import { instanceTypesQueryOptions as one } from './src/index.ts';",
  vue: "import { useInstanceTypes as one } from './src/vue/index.ts';",
  solid: "import { useInstanceTypes as one } from './src/solid/index.ts';",
  svelte: "import { createInstanceTypesQuery as one } from './src/svelte/index.ts';",
  angular: "import { injectInstanceTypesQuery as one } from './src/angular/index.ts';",
};

describe('a bundle that uses one operation', () => {
  it.each(Object.entries(entries))('carries no other operation (%s)', async (_, source) => {
    const chunks = await browserBundleChunks(`${source}\nexport { one };`, {
      resolveDir: packageDir,
      external,
    });
    const text = chunks.map((chunk) => new TextDecoder().decode(chunk)).join('\n');
    expect(text).toContain('instanceTypes');
    expect(otherOperations.filter((name) => text.includes(name))).toEqual([]);
  });
});
