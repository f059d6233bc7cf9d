import { defineConfig } from 'tsup';
import { publishedPackage } from '../../tsup.base.js';

export default defineConfig(
  publishedPackage(
    {
      index: 'src/index.ts',
      core: 'src/core.ts',
      stream: 'src/stream.ts',
      server: 'src/server/index.ts',
    },
    // The edge module is private: kept out of this build, then copied into dist/edge/ with every import of it pointed
    // there, each format at its own (scripts/vendorEdge.mjs, run after tsup), as in every package that carries it.
    // tsup bundles a devDependency unless told otherwise.
    { external: [/^@inference-infra\/edge(\/|$)/] },
  ),
);
