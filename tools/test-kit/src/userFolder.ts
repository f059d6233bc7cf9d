import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installTmpdir } from './installTmpdir.js';
import { type Lockfile, packumentFrom, staleInstallsOfOurs } from './todaysBuild.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');

/** The address the READMEs give for the registry `bash scripts/start.sh --registry` serves. */
export const readmeRegistry = 'http://127.0.0.1:4873';

export interface RunResult {
  stdout: string;
  /** Both streams, as they came. */
  output: string;
}

export interface StartedProcess {
  /** The first match of the readiness pattern in the output. */
  ready: RegExpMatchArray;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The PATH of a user's shell on this machine: every folder but the repository's (its toolchain's Node 24 and pnpm,
 * and the `node_modules/.bin` folders pnpm and vitest put first), so `node` and `npm` are the machine's own.
 */
export function userPath(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => folder && !folder.startsWith(repoRoot))
    .join(delimiter);
}

/**
 * A user's folder outside the repository: a fresh folder under the machine's temporary folder for installs
 * (`installTmpdir`: in memory where the machine has room), where nothing above it
 * (no package.json, tsconfig.json or node_modules) is the repository's, and the environment of a user's shell there:
 * the machine's Node and npm, a new npm user configuration (none of this machine's settings) beside the folder, npm
 * pointed at the local registry, and only the variables a test adds. Commands run through /bin/sh, as typed.
 *
 * Every folder installs from one store: npm's own cache (tarballs kept by their integrity, so a package fetched once
 * is never fetched again by any folder of any suite), read with `prefer-offline` (as a user's npmrc may say). Without
 * it, each install asks the registry again for the metadata of every package in its tree, which the registry asks
 * the npm registry for: most of a warm install's time, once per folder. Metadata is cached by address, and an earlier
 * run's registry may have had this run's port, so `expectTodaysBuild` holds our packages to what this run's registry
 * serves.
 */
export class UserFolder {
  readonly dir: string;
  private readonly root: string;
  private readonly registryUrl: string;
  private readonly env: Record<string, string>;
  private readonly running = new Set<ChildProcess>();

  constructor(options: { name: string; registryUrl: string }) {
    this.registryUrl = options.registryUrl;
    this.root = mkdtempSync(join(installTmpdir(), `inference-infra-${options.name}-`));
    this.dir = join(this.root, options.name);
    mkdirSync(this.dir);
    // The update check is off, which would otherwise ask the registry for npm's latest version every command.
    const npmrc = join(this.root, 'npmrc');
    writeFileSync(npmrc, 'update-notifier=false\nprefer-offline=true\n');
    this.env = {
      PATH: userPath(),
      HOME: process.env.HOME ?? this.root,
      LANG: 'C.UTF-8',
      NPM_CONFIG_USERCONFIG: npmrc,
      // So that whatever npm or npx fetches besides an install line (npx of a tool) comes from the same registry.
      npm_config_registry: options.registryUrl,
      // Next.js would otherwise send telemetry past loopback, and so would Prism's install script (@scarf/scarf,
      // which npm runs after installing Prism: it reports the install to scarf.sh unless told not to).
      NEXT_TELEMETRY_DISABLED: '1',
      SCARF_ANALYTICS: 'false',
    };
  }

  /** A README command as the test runs it: the registry the README names replaced by the test's. */
  asRun(command: string): string {
    return command.replaceAll(readmeRegistry, this.registryUrl.replace(/\/$/, ''));
  }

  /** Runs a command line to its end (exit 0), or rejects with its exit and the end of its output. */
  run(command: string, options: { env?: Record<string, string>; timeoutMs: number }): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const child = this.spawn(command, options.env);
      let stdout = '';
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk;
        output += chunk;
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk;
      });
      const timer = setTimeout(() => this.kill(child, 'SIGKILL'), options.timeoutMs);
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        this.running.delete(child);
        if (code === 0) return resolve({ stdout, output });
        const why = signal ? `was stopped (${signal}) after ${options.timeoutMs} ms` : `exited ${code}`;
        reject(new Error(`\`${command}\` in ${this.dir} ${why}:\n${output.slice(-6000)}`));
      });
    });
  }

  /** Starts a server and resolves once its output matches `ready`; `stop()` or `remove()` stops it. */
  start(
    command: string,
    options: { env?: Record<string, string>; ready: RegExp; timeoutMs: number },
  ): Promise<StartedProcess> {
    const child = this.spawn(command, options.env);
    let output = '';
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('close', resolve));
      this.kill(child, 'SIGTERM');
      const timer = setTimeout(() => this.kill(child, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        void stop();
        reject(
          new Error(
            `\`${command}\` printed nothing matching ${options.ready} within ${options.timeoutMs} ms:\n${output}`,
          ),
        );
      }, options.timeoutMs);
      const read = (chunk: Buffer) => {
        output += chunk;
        const ready = output.match(options.ready);
        if (ready) {
          clearTimeout(timer);
          resolve({ ready, output: () => output, stop });
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('close', (code) => {
        this.running.delete(child);
        clearTimeout(timer);
        reject(new Error(`\`${command}\` ended (exit ${code}) before it was ready:\n${output.slice(-6000)}`));
      });
    });
  }

  /**
   * Throws unless each package of ours in the folder's package-lock.json is the build the test's registry serves now,
   * not one npm took from its cache (see the class comment). A folder with no lockfile installed nothing of ours.
   */
  async expectTodaysBuild(): Promise<void> {
    const lockPath = join(this.dir, 'package-lock.json');
    if (!existsSync(lockPath)) return;
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as Lockfile;
    const stale = await staleInstallsOfOurs(lock, (name) => packumentFrom(this.registryUrl, name));
    if (stale.length > 0) {
      throw new Error(`${this.dir} installed from npm's cache, not today's build:\n${stale.join('\n')}`);
    }
  }

  /** Stops whatever still runs and removes the folder. */
  async remove(): Promise<void> {
    for (const child of this.running) this.kill(child, 'SIGKILL');
    // Not rmSync: a folder with a framework's node_modules is a few hundred thousand files, a minute on a busy disk.
    await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
  }

  private spawn(command: string, env: Record<string, string> = {}): ChildProcess {
    // Its own process group, so that stopping it stops what npm and sh started under it.
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: this.dir,
      env: { ...this.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.running.add(child);
    return child;
  }

  private kill(child: ChildProcess, signal: NodeJS.Signals): void {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      child.kill(signal);
    }
  }
}
