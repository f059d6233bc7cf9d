import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { keyVariable } from '../samples/curlSample.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const curlPath = '/usr/bin/curl';
/** Only /usr/bin on the shell's PATH: the `curl` a sample names is /usr/bin/curl, not whatever else is installed. */
const curlShellPath = '/usr/bin';
/**
 * tsx's own loader, as its CLI hands it to the Node it starts: `tsx file.ts` is two Node processes (the CLI, then
 * Node with these flags), so starting the second directly runs the sample the same way at half the cost.
 */
export const tsxNodeFlags = [
  '--require',
  require.resolve('tsx/preflight'),
  '--import',
  pathToFileURL(require.resolve('tsx')).href,
];

/** Where the samples are written to be run: a reader can open the very file a failing test ran. */
// From the file path rather than `new URL(..., import.meta.url)`: under happy-dom, URL is the DOM's, not Node's.
export const samplesDir = `${join(dirname(fileURLToPath(import.meta.url)), '../../test-artifacts/samples')}/`;

/**
 * The sample as it runs against the test's mock: each server's default address (the local mock's usual ports, as
 * the spec gives them) replaced by the address the test's mock listens on. Nothing else is changed.
 */
export function pointSampleAt(source: string, addresses: ReadonlyMap<string, string>): string {
  let result = source;
  // Longest first, so a default that is the start of another (`:4011` and `:4011/v1`) cannot be half-replaced.
  for (const [from, to] of [...addresses].sort(([a], [b]) => b.length - a.length)) {
    result = result.replaceAll(from, to);
  }
  return result;
}

/**
 * Runs a curl sample as a reader's shell does: its exact text through `/bin/sh -c`, the key in the environment
 * variable the sample reads and nothing else of the test's environment; resolves to stdout.
 */
export async function runCurlSample(source: string, apiKey: string): Promise<string> {
  if (!existsSync(curlPath)) throw new Error(`${curlPath} is missing: the curl samples cannot be run`);
  // The shell would run anything; a sample that is not one curl command is a generator bug, refused before it runs.
  if (!/^curl\s/.test(source)) throw new Error(`A curl sample must start with curl: ${source.slice(0, 40)}`);
  const { stdout } = await run('/bin/sh', ['-c', source], {
    timeout: 30_000,
    maxBuffer: 16 * 1024 * 1024,
    env: { PATH: curlShellPath, [keyVariable]: apiKey },
  });
  return stdout;
}

/**
 * Writes a TypeScript sample into test-artifacts/samples/ and runs it with tsx's loader under Node, the key in the
 * environment as the sample reads it (and `env`, such as the base addresses a guide's client reads); resolves to
 * stdout, rejects with stderr on a non-zero exit.
 */
export async function runNodeSample(
  source: string,
  fileName: string,
  apiKey: string,
  env: Record<string, string> = {},
): Promise<string> {
  await mkdir(samplesDir, { recursive: true });
  const file = `${samplesDir}${fileName}`;
  await writeFile(file, source);
  const { stdout } = await run(process.execPath, [...tsxNodeFlags, file], {
    timeout: 45_000,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, ...env, [keyVariable]: apiKey },
  });
  return stdout;
}
