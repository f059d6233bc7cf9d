#!/usr/bin/env node
// The `prepack` of every public package (npm and pnpm run it in the package's folder before they pack, publish, or
// `test:exports`): the root LICENSE goes into the tarball (npm takes a LICENSE from the package's own folder only),
// and a `dist/` older than any of the package's sources is built again first, so a pack never ships a stale build.
// A fresh `dist/` (what `pnpm build` just made) is left alone: rebuilding it would delete files that tests of other
// packages, running at the same time, are reading.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const packageDir = process.cwd();
const { name } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
copyFileSync(new URL('../LICENSE', import.meta.url), join(packageDir, 'LICENSE'));

/** Modification times of the files under `dir`, less what is not a source of the build. */
function mtimes(dir, skip) {
  const times = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) times.push(...mtimes(path, skip));
    else times.push(statSync(path).mtimeMs);
  }
  return times;
}

const notSources = new Set([
  'dist',
  'node_modules',
  'test-artifacts',
  '.turbo',
  'LICENSE',
  'README.md',
  'CHANGELOG.md',
]);
const isTest = (file) => /\.test(-d)?\.tsx?$/.test(file) || file === 'test';
const sources = mtimes(packageDir, (file) => notSources.has(file) || isTest(file) || file.endsWith('.tgz'));
const built = existsSync(join(packageDir, 'dist')) ? mtimes(join(packageDir, 'dist'), () => false) : [];
if (built.length === 0 || Math.min(...built) < Math.max(...sources)) {
  console.error(`${name}: dist/ is missing or older than its sources: building it before packing.`);
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`${name}: the build failed (exit ${build.status}): nothing was packed.`);
    process.exit(1);
  }
}
