import { defineConfig } from 'tsup';
import { publishedPackage } from '../../tsup.base.js';

export default defineConfig([
  // The spec model is for tools (generators, mocks, test suites), so it is its own entry and never in an app's bundle.
  publishedPackage(
    { index: 'src/index.ts', 'spec-model': 'src/specModel/index.ts' },
    { external: ['zod'], clean: false },
  ),
  // The request validators carry the parts of zod mini they use. Unbundled, `zod/v4/mini` makes Node load every
  // zod locale (~45 ms, measured by the bench's cold import); bundlers tree-shake it either way. The two builds run
  // at once, so neither cleans `dist` (the build script empties it first).
  publishedPackage(
    { 'request-validation': 'src/requestValidation.ts' },
    { noExternal: ['zod'], clean: false },
  ),
]);
