#!/usr/bin/env node
// `tsc --noEmit` of the folder it runs in (its tsconfig.json, or the project `-p` names), with TypeScript 7, the
// native compiler: on this workspace it type-checks in about a quarter of TypeScript 5.9's CPU, and the check runs it
// for every workspace. Arguments after it go to tsc. TypeScript 7 has no JavaScript API of the kind tsup's declaration
// build needs, so tsup's builds (and every user folder the tests make) keep TypeScript 5.9. Vitest's type tests run it
// as their checker (vitest.shared.ts), with the arguments `tsc --noEmit --pretty false --incremental` takes.
import { launchNativeTsc } from './launchNativeTsc.mjs';

await launchNativeTsc(['--noEmit', ...process.argv.slice(2)]);
