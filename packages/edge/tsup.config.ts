import { defineConfig } from 'tsup';

/**
 * One file per entry and no shared chunks: each published package copies these files into its own `dist/edge/`
 * (scripts/vendorEdge.mjs), so they must stand alone. ESM only: fetch-client's tsup bundles it into both of its formats.
 */
const entries = {
  index: 'src/index.ts',
  node: 'src/node.ts',
  otel: 'src/otel.ts',
  otelRegistry: 'src/otelRegistry.ts',
};

// One build per entry: declarations bundled together would share chunks (`otelApi-<hash>.d.ts`), which a package
// that bundles these declarations into its own (fetch-client) cannot follow.
export default defineConfig(
  Object.entries(entries).map(([name, file]) => ({
    entry: { [name]: file },
    // Cleaned by the build script before: the four builds run at once, and one cleaning could delete another's files.
    clean: false,
    format: ['esm'],
    dts: true,
    sourcemap: false,
    target: 'es2022',
    platform: 'neutral',
    outDir: 'dist',
    splitting: false,
    treeshake: true,
    external: [/^node:/],
    // Kept as `node:fs/promises`: a bare `fs/promises` resolves in Node only, and fetch-client's tsup (platform
    // neutral) cannot bundle this build with it; Deno and Workers want the prefix too.
    removeNodeProtocol: false,
  })),
);
