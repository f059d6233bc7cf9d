import { defineConfig } from 'tsup';

/**
 * One file per entry and no shared chunks: each published package copies these files into its own `dist/edge/`
 * (scripts/vendorEdge.mjs), so they must stand alone. ESM only: fetch-client's tsup bundles it into both of its formats.
 */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    otel: 'src/otel.ts',
    otelRegistry: 'src/otelRegistry.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: false,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  outDir: 'dist',
  splitting: false,
  treeshake: true,
  external: [/^node:/],
  // Kept as `node:fs/promises`: a bare `fs/promises` resolves in Node only, and fetch-client's tsup (platform
  // neutral) cannot bundle this build with it; Deno and Workers want the prefix too.
  removeNodeProtocol: false,
});
