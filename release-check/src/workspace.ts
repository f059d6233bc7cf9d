import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const pnpm = join(repoRoot, '.tools/node_modules/.bin/pnpm');

export interface PublicPackage {
  name: string;
  version: string;
  dir: string;
}

/** Every package under packages/ that is not private: what a release publishes. */
export function publicPackages(): PublicPackage[] {
  return readdirSync(join(repoRoot, 'packages'))
    .map((folder) => join(repoRoot, 'packages', folder))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ name: manifest.name, version: manifest.version, dir }));
}

/**
 * This process's environment less what pnpm set for the workspace script running it (`pnpm test` in release-check):
 * `INIT_CWD` and the `npm_lifecycle_*` and `npm_package_*` variables describe that script, and a user's shell in the
 * folder has none of them. Yarn and bun keep an inherited `INIT_CWD` over the folder they install in, and Prism's
 * install script (@scarf/scarf) then read release-check's package.json as the project's and ran `npm ls` over the
 * whole workspace (about 6 CPU-s for each of the two installs).
 */
function environmentOfAUserFolder(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'INIT_CWD' && !/^npm_(lifecycle|package)_/.test(name),
    ),
  );
}

/**
 * Runs a command and returns its output; on failure the error carries both streams, for a readable report. Prism's
 * install script (@scarf/scarf, run by npm, pnpm and bun after Prism is installed) would report the install to
 * scarf.sh, past loopback: it is told not to, as its own message says a user may.
 */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      env: { ...environmentOfAUserFolder(), SCARF_ANALYTICS: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${failure.stdout ?? ''}\n${failure.stderr ?? failure.message}`,
    );
  }
}

/** Like `run`, but returns standard output and standard error together (npm prints its notices on the latter). */
export function runWithNotices(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${output}`);
  return output;
}
