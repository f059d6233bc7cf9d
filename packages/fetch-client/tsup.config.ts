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
    // The edge module is private: its code goes into this package's build, its types into its declarations.
    { noExternal: ['@inference-infra/edge'], dts: { resolve: ['@inference-infra/edge'] } },
  ),
);
