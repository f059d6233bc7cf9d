#!/usr/bin/env node
// `tsc --noEmit` of the folder it runs in (its tsconfig.json, or the project `-p` names), with TypeScript 7, the
// native compiler: on this workspace it type-checks in about a quarter of TypeScript 5.9's CPU, and the check runs it
// for every workspace. Arguments after it go to tsc. TypeScript 7 has no JavaScript API of the kind tsup's declaration
// build needs, so the builds (and every user folder the tests make) keep TypeScript 5.9. Vitest's type tests run it as
// their checker (vitest.shared.ts), with the arguments `tsc --noEmit --pretty false --incremental` takes.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const typescript = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
// TypeScript's own launcher reads its arguments from process.argv and replaces this process with the compiler.
process.argv = [
  process.argv[0] ?? process.execPath,
  join(typescript, 'bin/tsc'),
  '--noEmit',
  ...process.argv.slice(2),
];
await import(pathToFileURL(join(typescript, 'lib/tsc.js')).href);
