import { defineConfig } from 'tsup';

/**
 * One file per entry and no shared chunks: each published package copies these files into its own `dist/edge/`
 * (scripts/vendorEdge.mjs), so they must stand alone. ESM and CommonJS (`.js`/`.cjs`, `.d.ts`/`.d.cts`): a package that
 * ships both formats (fetch-client) points each of its files at the edge's file of the same format.
 */
const entries = {
  index: 'src/index.ts',
  node: 'src/node.ts',
  otel: 'src/otel.ts',
  otelRegistry: 'src/otelRegistry.ts',
};

// One build per entry: declarations built together would share chunks (`otelApi-<hash>.d.ts`), which would then be
// files of every package's dist/edge/ that nothing but these declarations reads.
export default defineConfig(
  Object.entries(entries).map(([name, file]) => ({
    entry: { [name]: file },
    // Cleaned by the build script before: the four builds run at once, and one cleaning could delete another's files.
    clean: false,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: false,
    target: 'es2022',
    platform: 'neutral',
    outDir: 'dist',
    splitting: false,
    treeshake: true,
    external: [/^node:/],
    // Kept as `node:fs/promises`: Deno and Workers resolve the prefixed name only, and a browser bundler (fetch-client's
    // bundle budgets) leaves `node:*` external where it would try to resolve a bare `fs/promises`.
    removeNodeProtocol: false,
  })),
);
