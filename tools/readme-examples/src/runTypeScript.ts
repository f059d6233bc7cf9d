import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/**
 * Writes `source` to `file` and runs it with tsx under Node, with only PATH and `env` in its environment (the
 * variables a reader would export); resolves to stdout, rejects with stderr on a non-zero exit.
 */
export async function runTypeScript(
  source: string,
  file: string,
  env: Record<string, string>,
): Promise<string> {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  const { stdout } = await run(process.execPath, [require.resolve('tsx/cli'), file], {
    timeout: 30_000,
    maxBuffer: 16 * 1024 * 1024,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return stdout;
}
