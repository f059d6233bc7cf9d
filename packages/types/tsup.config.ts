import { defineConfig } from 'tsup';
import { publishedPackage } from '../../tsup.base.js';

// The builds run at once, so none cleans `dist` (the build script empties it first).
export default defineConfig([
  // The spec model is for tools (generators, mocks, test suites), so it is its own entry and never in an app's bundle.
  publishedPackage(
    { index: 'src/index.ts', 'spec-model': 'src/specModel/index.ts' },
    { external: ['zod'], clean: false },
  ),
  // The request validators for bundlers: zod mini stays an import of `zod/v4/mini`, so an app that uses zod 4 itself
  // (or another package that does) bundles zod's core once, and tree-shakes it to what the validators use.
  publishedPackage({ 'request-validation': 'src/requestValidation.ts' }, { external: ['zod'], clean: false }),
  // The same validators for Node (the `node` export condition), with the parts of zod mini they use inside: imported
  // from zod, `zod/v4/mini` makes Node load every zod locale (~50 ms cold, against ~10 ms; bench's cold import).
  // Declarations are the bundlers' build's: the two builds are the same code.
  publishedPackage(
    { 'request-validation': 'src/requestValidation.ts' },
    { noExternal: ['zod'], clean: false, outDir: 'dist/node', dts: false, sourcemap: false },
  ),
]);
