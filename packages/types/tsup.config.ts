import { defineConfig } from 'tsup';
import { publishedPackage } from '../../tsup.base.js';

export default defineConfig(
  publishedPackage(
    { index: 'src/index.ts', 'request-validation': 'src/requestValidation.ts' },
    { external: ['zod'] },
  ),
);
