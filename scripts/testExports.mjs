#!/usr/bin/env node
// `test:exports` of every public package: the package packed once, as `pnpm publish` packs it (its prepack run, the
// `workspace:` ranges written as versions), and that one tarball linted by publint (`--strict`) and by attw (the
// arguments after this script: `--profile node16`, `--exclude-entrypoints ...`). Each tool packing on its own was two
// more packs per package (publint's pnpm pack, attw's npm pack, which alone took about 4.5 s of CPU in this workspace):
// about 8.5 s of CPU per package, 4.5 s this way. The tarballs are removed after, pass or fail.
//
// `node scripts/testExports.mjs --workspace`, from the workspace's root (what scripts/release-publish.sh runs): every
// package under packages/ with a `test:exports` script, packed by one `pnpm -r pack` and each linted with the attw
// arguments its own script gives. One pnpm for all: each pnpm start loads its 15 MB bundle (about 2 s of CPU), and a
// package's `test:exports` run by turbo started two (`pnpm run`, then `pnpm pack`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const workspaceMode = process.argv[2] === '--workspace';
const destination = mkdtempSync(join(tmpdir(), 'inference-infra-test-exports-'));

/** Runs a tool found on PATH (the package's and the root's node_modules/.bin, as a package script has them). */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
  return result;
}

/** publint and attw on one tarball; `cwd` is the package's folder. */
function lint(tarball, attwArgs, cwd) {
  run('publint', ['--strict', tarball], { cwd });
  run('attw', [tarball, ...attwArgs], { cwd });
}

/** The attw arguments a package's `test:exports` script passes to this script, or undefined without one. */
function attwArgsOf(script) {
  const match = /(?:^|\s)\S*testExports\.mjs((?:\s+\S+)*)\s*$/.exec(script ?? '');
  return match ? (match[1] ?? '').trim().split(/\s+/).filter(Boolean) : undefined;
}

/** The package in the current folder. */
function testOnePackage() {
  run('pnpm', ['pack', '--pack-destination', destination]);
  const [tarball, ...others] = readdirSync(destination).filter((file) => file.endsWith('.tgz'));
  if (!tarball || others.length > 0) {
    throw new Error(
      `pnpm pack should write one tarball into ${destination}, wrote ${others.length + (tarball ? 1 : 0)}`,
    );
  }
  lint(join(destination, tarball), process.argv.slice(2), process.cwd());
}

/** Every package under packages/ of the workspace in the current folder that has a `test:exports` script. */
function testWorkspace() {
  const root = process.cwd();
  const packages = readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'packages', entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(root, 'packages', entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { dir, name: manifest.name, attwArgs: attwArgsOf(manifest.scripts?.['test:exports']) };
    })
    .filter((pkg) => pkg.attwArgs !== undefined);
  if (packages.length === 0)
    throw new Error(`no package under ${join(root, 'packages')} has a test:exports script`);
  process.env.PATH = [join(root, 'node_modules/.bin'), process.env.PATH].join(delimiter);
  const filters = packages.flatMap((pkg) => ['--filter', pkg.name]);
  const packed = run('pnpm', ['-r', ...filters, 'pack', '--pack-destination', destination, '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const tarballs = new Map([JSON.parse(packed.stdout)].flat().map((entry) => [entry.name, entry.filename]));
  const failed = [];
  for (const pkg of packages) {
    try {
      const tarball = tarballs.get(pkg.name);
      if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${pkg.name}`);
      lint(tarball, pkg.attwArgs, pkg.dir);
    } catch (error) {
      process.stderr.write(`test:exports: ${pkg.name}: ${error.message}\n`);
      failed.push(pkg.name);
    }
  }
  if (failed.length > 0)
    throw new Error(`${failed.length} of ${packages.length} packages failed: ${failed.join(', ')}`);
  console.log(
    `test:exports: ${packages.length} packages pass: ${packages.map((pkg) => pkg.name).join(', ')}`,
  );
}

let status = 0;
try {
  if (workspaceMode) testWorkspace();
  else testOnePackage();
} catch (error) {
  process.stderr.write(`test:exports: ${error.message}\n`);
  status = 1;
} finally {
  rmSync(destination, { recursive: true, force: true });
}
process.exit(status);
