import { defineConfig } from 'tsup';
import { publishedPackage } from '../../tsup.base.js';

export default defineConfig(
  publishedPackage({
    index: 'src/index.ts',
    core: 'src/core.ts',
    stream: 'src/stream.ts',
    server: 'src/server/index.ts',
  }),
);
