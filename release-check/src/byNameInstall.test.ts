import { copyFileSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startInstalledMock } from './installedMock.js';
import { installedRuntime } from './runtimes.js';
import { pnpm, run } from './workspace.js';

/**
 * The packages as users will get them once published: a fresh folder outside the workspace per package manager, every
 * released package added **by name** from the registry the release went into (plain npm, pnpm, yarn 4 and bun, each
 * with its own layout of node_modules), then the installed mock started from that folder and the fetch client's
 * checks run against it (bun runs them with bun). Versions must be the ones `changeset version` gave the release.
 */
const registry = inject('registryUrl');
const released = inject('releasedVersions');
const names = Object.keys(released);
const consumerSources = fileURLToPath(new URL('./consumer/', import.meta.url));
const yarn = join(
  dirname(createRequire(import.meta.url).resolve('@yarnpkg/cli-dist/package.json')),
  'bin/yarn.js',
);
const bun = () => installedRuntime('bun').executable;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** How each package manager adds packages by name from the registry, as its own documentation says to. */
const managers: Record<string, { prepare?: (dir: string) => void; add: () => [string, string[]] }> = {
  npm: { add: () => ['npm', ['install', ...names, '--registry', registry, '--no-audit', '--no-fund']] },
  pnpm: {
    // pnpm 11 stops with ERR_PNPM_IGNORED_BUILDS on a dependency's install script nobody decided on: Prism's
    // telemetry (@scarf/scarf, under the mock) is one, and the mock never needs it. The README says the same.
    prepare: (dir) =>
      writeFileSync(join(dir, 'pnpm-workspace.yaml'), "allowBuilds:\n  '@scarf/scarf': false\n"),
    add: () => [pnpm, ['add', ...names, '--registry', registry]],
  },
  yarn: {
    // Yarn 4 reads its registry from .yarnrc.yml, and refuses plain http unless the host is listed. It also holds
    // back a version published less than a day ago (npmMinimalAgeGate): ours were published a minute ago.
    prepare: (dir) =>
      writeFileSync(
        join(dir, '.yarnrc.yml'),
        `npmRegistryServer: "${registry.replace(/\/$/, '')}"\nunsafeHttpWhitelist: ["127.0.0.1"]\nnodeLinker: node-modules\nenableTelemetry: false\nnpmPreapprovedPackages: ["@inference-infra/*"]\n`,
      ),
    add: () => [process.execPath, [yarn, 'add', ...names]],
  },
  bun: { add: () => [bun(), ['add', ...names, '--registry', registry]] },
};

describe.each(Object.keys(managers))('every package installed by name with %s', (manager) => {
  const dir = mkdtempSync(join(tmpdir(), `inference-infra-by-name-${manager}-`));
  folders.push(dir);

  it('adds each at the version the release gave it', () => {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: `by-name-${manager}`, private: true, type: 'module' }),
    );
    const { prepare, add } = managers[manager] as (typeof managers)[string];
    prepare?.(dir);
    const [command, args] = add();
    run(command, args, dir, {
      YARN_ENABLE_GLOBAL_CACHE: 'false',
      BUN_INSTALL_CACHE_DIR: join(dir, '.bun-cache'),
    });
    for (const name of names) {
      const manifest = JSON.parse(
        readFileSync(join(realpathSync(join(dir, 'node_modules', name)), 'package.json'), 'utf8'),
      );
      expect(manifest.version, `${manager}: ${name}`).toBe(released[name]);
    }
    // What the manager wrote into package.json: the names, from the registry, with no path or tarball.
    const dependencies = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies;
    expect(Object.keys(dependencies).sort()).toEqual([...names].sort());
    for (const range of Object.values(dependencies)) expect(range).toMatch(/^\^?\d+\.\d+\.\d+$/);
  });

  it('runs the installed mock and the fetch client against it', async () => {
    const mock = await startInstalledMock(dir);
    try {
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
    } finally {
      await mock.stop();
    }
  });
});

it('tags what the release published as latest, so a bare name installs it', () => {
  for (const name of names) {
    const latest = run('npm', ['view', name, 'dist-tags.latest', '--registry', registry], tmpdir()).trim();
    expect(latest, name).toBe(released[name]);
  }
});
