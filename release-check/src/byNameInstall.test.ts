import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchesSample } from '@inference-infra/readme-examples/outputSample';
import { installTmpdir } from '@inference-infra/test-kit/installTmpdir';
import { type Lockfile, packumentFrom, staleInstallsOfOurs } from '@inference-infra/test-kit/todaysBuild';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { scarfOptOut } from './consumerProject.js';
import { type InstalledMock, startInstalledMock } from './installedMock.js';
import { pointedAt, quickstartOf } from './quickstarts.js';
import { installedRuntime } from './runtimes.js';
import { pnpm, publicPackages, repoRoot, run } from './workspace.js';

/**
 * The packages as users will get them once published: a fresh folder outside the workspace per package manager, every
 * released package added **by name** from the registry the release went into (plain npm, pnpm, yarn 1 and bun, each
 * with its own layout of node_modules), then the installed mock started from that folder and the fetch client's
 * checks run against it (bun runs them with bun). Versions must be the ones `changeset version` gave the release.
 */
const registry = inject('registryUrl');
const released = inject('releasedVersions');
const names = Object.keys(released);
const quickstarts = publicPackages().map(quickstartOf);
/** What the quickstarts install besides ours, and tsx, which they run their files with. */
const extras = [...new Set([...quickstarts.flatMap((quickstart) => quickstart.extraInstalls), 'tsx'])];
const consumerSources = fileURLToPath(new URL('./consumer/', import.meta.url));
const yarn = join(dirname(createRequire(import.meta.url).resolve('yarn/package.json')), 'bin/yarn.js');
const bun = () => installedRuntime('bun').executable;
/**
 * Yarn 1's cache, kept from one run to the next in this checkout's `.tools/` (ignored by git, never outside the
 * repository): it keys each package by name, version and the tarball's hash (a release of ours rebuilt under the same
 * version is another entry), so only what changed is fetched again. A cold cache per run made yarn's add the slowest
 * of the four. `--mutex` keeps two runs in one checkout from writing an entry at once.
 */
const yarnCache = join(repoRoot, '.tools/cache/yarn');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** How each package manager adds packages by name from the registry, as its own documentation says to. */
interface Manager {
  prepare?: (dir: string) => void;
  add: (packages: string[]) => [string, string[]];
  /** Runs a command of an installed package (`npx`, `pnpm exec`, `yarn run`, `bun x`). */
  exec: (bin: string, args: string[]) => [string, string[]];
  /** Runs a TypeScript file as its quickstart says (tsx; bun runs TypeScript itself). */
  runFile: (file: string) => [string, string[]];
}
const managers: Record<string, Manager> = {
  npm: {
    // From npm's cache where it holds a package (tarballs by integrity, metadata without asking the registry again),
    // as every install folder of the suite does; ours are then held to what the registry serves (see the add test).
    add: (packages) => [
      'npm',
      ['install', ...packages, '--registry', registry, '--no-audit', '--no-fund', '--prefer-offline'],
    ],
    exec: (bin, args) => ['npx', ['--no-install', bin, ...args]],
    runFile: (file) => ['npx', ['--no-install', 'tsx', file]],
  },
  pnpm: {
    // pnpm 11 stops with ERR_PNPM_IGNORED_BUILDS on a dependency's install script nobody decided on: Prism's
    // telemetry (@scarf/scarf, under Prism, which the contract quickstart installs) is never needed; esbuild's (under tsx) checks its binary. The README
    // says the same.
    prepare: (dir) =>
      writeFileSync(
        join(dir, 'pnpm-workspace.yaml'),
        "allowBuilds:\n  '@scarf/scarf': false\n  esbuild: true\n",
      ),
    add: (packages) => [pnpm, ['add', ...packages, '--registry', registry]],
    exec: (bin, args) => [pnpm, ['exec', bin, ...args]],
    runFile: (file) => [pnpm, ['exec', 'tsx', file]],
  },
  // Yarn 1 (`npm install -g yarn`). Yarn 4 resolves from the registry but its fetch step fails here before it
  // reaches it (ERR_SOCKET_CLOSED_BEFORE_CONNECTION, no tarball request in the registry's log): left for later.
  yarn: {
    prepare: () => mkdirSync(yarnCache, { recursive: true }),
    add: (packages) => [
      process.execPath,
      [
        yarn,
        'add',
        ...packages,
        '--registry',
        registry,
        '--non-interactive',
        '--mutex',
        `file:${join(yarnCache, '.mutex')}`,
      ],
    ],
    exec: (bin, args) => [process.execPath, [yarn, '--silent', 'run', bin, ...args]],
    runFile: (file) => [process.execPath, [yarn, '--silent', 'run', 'tsx', file]],
  },
  bun: {
    add: (packages) => [bun(), ['add', ...packages, '--registry', registry]],
    exec: (bin, args) => [bun(), ['x', bin, ...args]],
    runFile: (file) => [bun(), [file]],
  },
};

describe.each(Object.keys(managers))('every package installed by name with %s', (manager) => {
  // pnpm's folder stays on the disk its store is on, where it links every file from the store (see installTmpdir).
  const dir = mkdtempSync(
    join(manager === 'pnpm' ? tmpdir() : installTmpdir(), `inference-infra-by-name-${manager}-`),
  );
  folders.push(dir);
  /**
   * The mock installed in this folder, started once for every test of it that needs one (the fetch client's checks and
   * the quickstarts, one process where there were ten): each client uses its own key, so its own workspace, and the
   * quickstarts only read. Started by the first test that asks, after the add; stopped after this manager's tests.
   */
  let mock: Promise<InstalledMock> | undefined;
  const installedMock = () => {
    mock ??= startInstalledMock(dir);
    return mock;
  };
  afterAll(async () => {
    await (await mock?.catch(() => undefined))?.stop();
  });

  it('adds each at the version the release gave it', async () => {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: `by-name-${manager}`, private: true, type: 'module', ...scarfOptOut }),
    );
    const { prepare, add } = managers[manager] as Manager;
    prepare?.(dir);
    const [command, args] = add([...names, ...extras]);
    run(command, args, dir, {
      YARN_CACHE_FOLDER: yarnCache,
      BUN_INSTALL_CACHE_DIR: join(dir, '.bun-cache'),
    });
    for (const name of names) {
      const manifest = JSON.parse(
        readFileSync(join(realpathSync(join(dir, 'node_modules', name)), 'package.json'), 'utf8'),
      );
      expect(manifest.version, `${manager}: ${name}`).toBe(released[name]);
    }
    // A version of an earlier run's release is in npm's cache under the same number: the tarball must be this one's.
    if (manager === 'npm') {
      const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as Lockfile;
      expect(await staleInstallsOfOurs(lock, (name) => packumentFrom(registry, name))).toEqual([]);
    }
    // What the manager wrote into package.json: the names, from the registry, with no path or tarball.
    const dependencies = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies;
    // An extra may carry a version (`@stoplight/prism-cli@5.14.2`); package.json keys it by name.
    const extraNames = extras.map((extra) => extra.replace(/(?<=.)@[^@/]+$/, ''));
    expect(Object.keys(dependencies).sort()).toEqual([...names, ...extraNames].sort());
    for (const name of names) expect(dependencies[name], name).toMatch(/^\^?\d+\.\d+\.\d+$/);
  });

  it('runs the installed mock and the fetch client against it', async () => {
    const mock = await installedMock();
    copyFileSync(join(consumerSources, 'fetchClientChecks.mjs'), join(dir, 'fetchClientChecks.mjs'));
    copyFileSync(join(consumerSources, 'cli.mjs'), join(dir, 'cli.mjs'));
    const runtime =
      manager === 'bun' ? [bun(), ['--no-install', 'cli.mjs']] : [process.execPath, ['cli.mjs']];
    const output = run(
      runtime[0] as string,
      [...(runtime[1] as string[]), mock.baseUrl, mock.platformUrl, `ii_live_by_name_${manager}`],
      dir,
    );
    const checks = JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
    expect(checks.plainCall).toMatchObject({ gpuTypes: ['H100'], requestId: true });
    expect(checks.paging.count).toBe(checks.paging.total);
    expect(checks.typedErrors).toEqual({ refused: 'RequestValidationError', missing: 'NotFoundError 404' });
  });

  it.each(quickstarts.map((quickstart) => [quickstart.package, quickstart] as const))(
    "runs %s's README quickstart as written",
    async (_name, quickstart) => {
      const { exec, runFile } = managers[manager] as Manager;
      const mock = await installedMock();
      let command: [string, string[]];
      if (quickstart.run.kind === 'file' && quickstart.file) {
        writeFileSync(join(dir, quickstart.file.name), pointedAt(quickstart.file.code, mock));
        command = runFile(quickstart.file.name);
      } else if (quickstart.run.kind === 'command') {
        const manifest = JSON.parse(
          readFileSync(join(dir, 'node_modules', quickstart.run.packageName, 'package.json'), 'utf8'),
        );
        const [bin] = Object.keys(manifest.bin ?? {});
        command = exec(bin as string, quickstart.run.args);
      } else throw new Error(`${quickstart.package}: a quickstart with nothing to run`);
      // A file quickstart reads the README's export line (createClient()), set here at this run's mock; a command
      // quickstart (the contract CLI) names its own target and runs as written, with none of them set.
      const exported =
        quickstart.run.kind === 'file'
          ? {
              INFERENCE_INFRA_API_KEY: 'ii_live_mock',
              INFERENCE_INFRA_BASE_URL: mock.baseUrl,
              INFERENCE_INFRA_PLATFORM_URL: mock.platformUrl,
            }
          : {};
      const output = run(command[0], command[1], dir, exported);
      if (quickstart.sample)
        // A package manager may print lines of its own first (pnpm exec checks the lockfile): the sample follows.
        expect(matchesSample(`...\n${quickstart.sample}`, output.trimEnd()), output).toBeUndefined();
      else expect(output.trim(), quickstart.package).not.toBe('');
    },
    300_000,
  );
});

it('tags what the release published as latest, so a bare name installs it', () => {
  for (const name of names) {
    const latest = run('npm', ['view', name, 'dist-tags.latest', '--registry', registry], tmpdir()).trim();
    expect(latest, name).toBe(released[name]);
  }
});
