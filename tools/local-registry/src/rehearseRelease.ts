import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCommand } from './runCommand.ts';
import type { LocalRegistry } from './startLocalRegistry.ts';
import { type PublicPackage, pnpmIn, publicPackages, repoRoot } from './workspacePackages.ts';

export interface Rehearsal {
  /** The throwaway repository the release was cut from (removed by `remove()`). */
  dir: string;
  /** What was published, at the versions `changeset version` gave them. */
  published: PublicPackage[];
  /** Everything the release scripts printed. */
  log: string;
  remove(): void;
}

export interface RehearsalOptions {
  root?: string;
  onLine?: (line: string) => void;
  /** A changeset to add before versioning (file name to content), as a contributor would have. */
  changesets?: Record<string, string>;
}

/**
 * The release as a maintainer makes it, into `registry` instead of npm: the workspace as it is now (tracked and new
 * files, not ignored ones) committed in a throwaway repository, a `release-rehearsal` branch, `scripts/release-version.sh`
 * (`changeset version`, the spec version sync, the lockfile), a commit, then `scripts/release-publish.sh` (build,
 * package export checks, `changeset publish`). Nothing in the workspace changes.
 */
export async function rehearseRelease(
  registry: LocalRegistry,
  options: RehearsalOptions = {},
): Promise<Rehearsal> {
  const root = options.root ?? repoRoot;
  const dir = mkdtempSync(join(tmpdir(), 'inference-infra-release-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  let log = '';
  const step = async (command: string, args: string[], env: Record<string, string> = {}, minutes = 10) => {
    options.onLine?.(`$ ${[command.split('/').at(-1), ...args].join(' ')}`);
    log += await runCommand(command, args, {
      cwd: dir,
      // The caller's build cache if it names one (worktrees of one machine share theirs), else the workspace's: the
      // copy's own is deleted with it. Turbo keys each output by its inputs, so a rehearsal of a workspace already
      // rehearsed (a second run of one commit) builds nothing again.
      env: { ...env, TURBO_CACHE_DIR: process.env.TURBO_CACHE_DIR || join(root, '.turbo/cache') },
      timeoutMs: minutes * 60_000,
      ...(options.onLine ? { onLine: options.onLine } : {}),
    });
  };
  try {
    copyWorkingTree(root, dir);
    symlinkSync(join(root, '.tools'), join(dir, '.tools'));
    for (const [file, text] of Object.entries(options.changesets ?? {})) {
      writeFileSync(join(dir, '.changeset', file), text);
    }
    const git = ['-c', 'user.name=Release rehearsal', '-c', 'user.email=rehearsal@127.0.0.1'];
    await step('git', ['init', '--quiet', '--initial-branch=main']);
    await step('git', ['add', '--all']);
    await step('git', [...git, 'commit', '--quiet', '--no-verify', '-m', 'The workspace as it is']);
    await step('git', ['checkout', '--quiet', '-b', 'release-rehearsal']);
    await step(pnpmIn(root), ['install', '--offline', '--frozen-lockfile']);
    await step('bash', ['scripts/release-version.sh']);
    await step('git', ['add', '--all']);
    await step('git', [
      ...git,
      'commit',
      '--quiet',
      '--no-verify',
      '--allow-empty',
      '-m',
      'Version packages',
    ]);
    await step('bash', ['scripts/release-publish.sh'], registry.env, 20);
    return { dir, published: publicPackages(dir), log, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Tracked and untracked files, less what `.gitignore` leaves out (node_modules, builds, `.tools`). */
function copyWorkingTree(root: string, into: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(into, file), { preserveTimestamps: true });
    } catch (error) {
      // A tracked file deleted in the working tree is not part of the workspace as it is.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
