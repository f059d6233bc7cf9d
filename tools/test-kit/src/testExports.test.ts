import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** scripts/testExports.mjs, every public package's `test:exports`: one pnpm pack, publint and attw on that tarball. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = join(root, 'scripts/testExports.mjs');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A package of its own outside the workspace: an ES module with its declarations, as `exports` names them. */
function probePackage(exportsTarget: string, into?: { dir: string; name: string; script?: string }): string {
  const dir = into?.dir ?? mkdtempSync(join(tmpdir(), 'inference-infra-exports-probe-'));
  if (!into) folders.push(dir);
  mkdirSync(dir, { recursive: true });
  const manifest = {
    name: into?.name ?? 'exports-probe',
    ...(into?.script ? { scripts: { 'test:exports': into.script } } : {}),
    version: '1.0.0',
    type: 'module',
    license: 'MIT',
    files: ['index.js', 'index.d.ts'],
    exports: { '.': { types: './index.d.ts', default: exportsTarget } },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, 'index.js'), 'export const answer = 42;\n');
  writeFileSync(join(dir, 'index.d.ts'), 'export declare const answer: number;\n');
  return dir;
}

/**
 * A workspace of three packages outside this one: two with a `test:exports` script (one whose exports resolve, one
 * naming a file it lacks, when `brokenOne`), one without.
 */
function probeWorkspace(brokenOne: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'inference-infra-exports-probe-'));
  folders.push(dir);
  writeFileSync(join(dir, 'pnpm-workspace.yaml'), "packages:\n  - 'packages/*'\n");
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe-root', private: true }));
  const script = 'node ../../scripts/testExports.mjs --profile esm-only';
  probePackage('./index.js', { dir: join(dir, 'packages/good'), name: 'probe-good', script });
  probePackage(brokenOne ? './missing.js' : './index.js', {
    dir: join(dir, 'packages/second'),
    name: 'probe-second',
    script,
  });
  probePackage('./missing.js', { dir: join(dir, 'packages/unlinted'), name: 'probe-unlinted' });
  return dir;
}

/** As a package script runs it: the root's tools (publint, attw) and the toolchain's pnpm on PATH. */
function testExports(dir: string, args = ['--profile', 'esm-only']) {
  const path = [join(root, 'node_modules/.bin'), dirname(process.execPath), process.env.PATH].join(delimiter);
  const run = spawnSync(process.execPath, [script, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PATH: path },
    timeout: 60_000,
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

const tarballsLeft = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith('inference-infra-test-exports-'));

/** A pnpm pack, publint and attw: seconds on a quiet machine, the spawn's own minute at most on a loaded one. */
const packAndLint = 90_000;

describe('test:exports', () => {
  it(
    'passes a package whose exports resolve, linting the one tarball pnpm packed',
    () => {
      const before = tarballsLeft();
      const { status, output } = testExports(probePackage('./index.js'));
      expect(output).toContain('exports-probe-1.0.0.tgz');
      expect(output).toMatch(/All good!/);
      // attw's table: each resolution it checks, green.
      expect(output).toMatch(/bundler\s.*🟢/);
      expect(status).toBe(0);
      expect(tarballsLeft()).toEqual(before);
    },
    packAndLint,
  );

  it(
    'fails a package whose exports name a file the tarball lacks, naming publint, and removes the tarball',
    () => {
      const before = tarballsLeft();
      const { status, output } = testExports(probePackage('./missing.js'));
      expect(status).toBe(1);
      expect(output).toContain('missing.js');
      expect(output).toMatch(/test:exports: publint --strict .*exports-probe-1\.0\.0\.tgz failed/);
      expect(tarballsLeft()).toEqual(before);
    },
    packAndLint,
  );

  it(
    '--workspace packs every package with a test:exports script at once and lints each with its own arguments',
    () => {
      const before = tarballsLeft();
      const { status, output } = testExports(probeWorkspace(false), ['--workspace']);
      expect(output).toContain('test:exports: 2 packages pass: probe-good, probe-second');
      // The package without the script (its exports name a missing file) is neither packed nor linted.
      expect(output).not.toContain('probe-unlinted');
      expect(output.match(/All good!/g)).toHaveLength(2);
      expect(status).toBe(0);
      expect(tarballsLeft()).toEqual(before);
    },
    2 * packAndLint,
  );

  it(
    '--workspace lints every package when one fails, names the one that failed and exits 1',
    () => {
      const before = tarballsLeft();
      const { status, output } = testExports(probeWorkspace(true), ['--workspace']);
      expect(output).toMatch(
        /test:exports: probe-second: publint --strict .*probe-second-1\.0\.0\.tgz failed/,
      );
      expect(output).toContain('test:exports: 1 of 2 packages failed: probe-second');
      expect(output.match(/All good!/g)).toHaveLength(1);
      expect(status).toBe(1);
      expect(tarballsLeft()).toEqual(before);
    },
    2 * packAndLint,
  );
});
