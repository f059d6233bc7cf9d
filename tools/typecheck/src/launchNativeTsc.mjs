// TypeScript 7's tsc (the native compiler) run in this process: the two bins of this workspace start it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs TypeScript 7's tsc with `args`: its launcher replaces this process with the native binary.
 * @param {string[]} args
 */
export async function launchNativeTsc(args) {
  const typescript = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
  // The launcher reads its arguments from process.argv.
  process.argv = [process.argv[0] ?? process.execPath, join(typescript, 'bin/tsc'), ...args];
  await import(pathToFileURL(join(typescript, 'lib/tsc.js')).href);
}
