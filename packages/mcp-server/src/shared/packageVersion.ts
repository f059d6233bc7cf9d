import { createRequire } from 'node:module';

/** This package's version (the server's in `initialize`, and `--version`): its package.json is two folders up, in src/ and dist/ alike. */
export const packageVersion = (createRequire(import.meta.url)('../../package.json') as { version: string })
  .version;
