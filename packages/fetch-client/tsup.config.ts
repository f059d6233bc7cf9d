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
    // Its code from every entry (`/otel`, `/otel-registry` too); its types through the main entry only, which the
    // declaration bundler resolves (it reads no `exports` map): type imports name '@inference-infra/edge'.
    { noExternal: [/^@inference-infra\/edge(\/|$)/], dts: { resolve: ['@inference-infra/edge'] } },
  ),
);
