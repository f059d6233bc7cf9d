import { defineConfig } from 'tsup';
import { publishedPackage } from '../../tsup.base.js';

export default defineConfig(
  publishedPackage(
    { index: 'src/index.ts' },
    {
      external: ['react', '@tanstack/react-query'],
      esbuildOptions: (options) => {
        options.jsx = 'automatic';
      },
    },
  ),
);
