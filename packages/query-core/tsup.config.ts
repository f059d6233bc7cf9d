import { defineConfig } from 'tsup';
import { publishedPackage } from '../../tsup.base.js';

export default defineConfig(
  publishedPackage(
    { index: 'src/index.ts', vue: 'src/vue/index.ts' },
    { external: ['@tanstack/query-core', '@tanstack/vue-query', 'vue'] },
  ),
);
