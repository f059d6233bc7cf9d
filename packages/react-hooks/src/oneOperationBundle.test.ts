// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { browserBundleChunks } from '@inference-infra/test-kit/bundleSize';
import { describe, expect, it } from 'vitest';

// Each hook is its own export over the generic primitives: an app that uses one operation's hook bundles none of the
// others' code. Bundled from the sources, query-core and the peers left out, so what is left is this package's code.

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const external = ['@inference-infra/*', '@tanstack/*', 'react', 'react/*', 'react-dom'];

describe('a bundle that uses one hook', () => {
  it('carries no other operation', async () => {
    const chunks = await browserBundleChunks(
      "import { useInstanceTypes } from './src/index.ts';\nexport { useInstanceTypes };",
      { resolveDir: packageDir, external },
    );
    const text = chunks.map((chunk) => new TextDecoder().decode(chunk)).join('\n');
    expect(text).toContain('instanceTypesQueryOptions');
    const others = ['billingTransactions', 'resizeVolume', 'chatCompletion', 'embeddings', 'generateImages'];
    expect(others.filter((name) => text.includes(name))).toEqual([]);
  });
});
