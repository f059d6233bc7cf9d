import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
function probePackage(exportsTarget: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'inference-infra-exports-probe-'));
  folders.push(dir);
  const manifest = {
    name: 'exports-probe',
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

/** As a package script runs it: the root's tools (publint, attw) and the toolchain's pnpm on PATH. */
function testExports(dir: string) {
  const path = [join(root, 'node_modules/.bin'), dirname(process.execPath), process.env.PATH].join(delimiter);
  const run = spawnSync(process.execPath, [script, '--profile', 'esm-only'], {
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
});
