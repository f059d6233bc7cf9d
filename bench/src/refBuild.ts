import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CreateClient } from './clients.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A build of the fetch client: its two entries, loaded from one checkout's `dist`. */
export interface ClientBuild {
  main: CreateClient;
  core: CreateClient;
}

/** Runs a command to its end; throws a sentence with its output when it fails. */
export function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', CI: '1' },
  });
  if (result.status !== 0) {
    // The lines that name an error, else the last ones: a build's output is mostly sizes of files.
    const lines = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n');
    const errors = lines.filter((line) => /error/i.test(line));
    const output = (errors.length > 0 ? errors : lines).slice(-20).join('\n');
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd} (${result.error?.message ?? `exit ${result.status}`}):\n${output}`,
    );
  }
  return result.stdout;
}

/** The fetch client and what it depends on (types, spec), built by turbo in `checkout`. */
export function buildClient(checkout: string): void {
  run(
    'pnpm',
    ['exec', 'turbo', 'run', 'build', '--filter=@inference-infra/fetch-client', '--output-logs=errors-only'],
    checkout,
  );
}

/**
 * A copy of the fetch client's build in `checkout` (its package.json and dist, its node_modules linked), in a temporary
 * folder: a stream or a debug line loads a chunk of the build late, and a build of the working tree made meanwhile
 * (anyone's `pnpm build`) would have replaced it. `remove()` deletes the copy.
 */
export function snapshotOf(checkout: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-compare-this-'));
  const from = join(checkout, 'packages/fetch-client');
  const to = join(dir, 'packages/fetch-client');
  mkdirSync(to, { recursive: true });
  cpSync(join(from, 'package.json'), join(to, 'package.json'));
  cpSync(join(from, 'dist'), join(to, 'dist'), { recursive: true });
  symlinkSync(join(from, 'node_modules'), join(to, 'node_modules'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Both entries of the fetch client built in `checkout`, each resolving its dependencies from that checkout. */
export async function loadBuild(checkout: string): Promise<ClientBuild> {
  const dist = join(checkout, 'packages/fetch-client/dist');
  const [main, core] = await Promise.all([
    import(pathToFileURL(join(dist, 'index.js')).href),
    import(pathToFileURL(join(dist, 'core.js')).href),
  ]);
  return { main: main.createClient, core: core.createClient };
}

/** The commit `ref` names in this repository, or a sentence saying it names none. */
export function commitOf(ref: string): string {
  try {
    return run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], repoRoot).trim();
  } catch {
    throw new Error(`"${ref}" names no commit of this repository (try a branch, a tag or a commit hash)`);
  }
}

/**
 * `commit` checked out in a temporary git worktree, with its own install (the lockfile of that commit, from the
 * store when it can: --prefer-offline) and its own build of the fetch client: nothing of the working tree's.
 * `remove()` deletes the worktree and its folder.
 */
export function checkOut(commit: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: repoRoot });
    rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: repoRoot });
  };
  try {
    run('git', ['worktree', 'add', '--detach', dir, commit], repoRoot);
    run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], dir);
    buildClient(dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
