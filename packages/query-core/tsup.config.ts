import { defineConfig } from 'tsup';
import { publishedPackage } from '../../tsup.base.js';

export default defineConfig(
  publishedPackage(
    {
      index: 'src/index.ts',
      vue: 'src/vue/index.ts',
      solid: 'src/solid/index.ts',
      svelte: 'src/svelte/index.ts',
      angular: 'src/angular/index.ts',
    },
    {
      // The frameworks and their TanStack adapters are the app's own (optional peers), never bundled in.
      external: [
        '@tanstack/query-core',
        '@tanstack/vue-query',
        'vue',
        '@tanstack/solid-query',
        'solid-js',
        '@tanstack/svelte-query',
        'svelte',
        '@tanstack/angular-query-experimental',
        '@angular/core',
      ],
    },
  ),
);
