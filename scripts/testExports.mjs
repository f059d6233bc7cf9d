#!/usr/bin/env node
// `test:exports` of every public package: the package packed once, as `pnpm publish` packs it (its prepack run, the
// `workspace:` ranges written as versions), and that one tarball linted by publint (`--strict`) and by attw (the
// arguments after this script: `--profile node16`, `--exclude-entrypoints ...`). Each tool packing on its own was two
// more packs per package (publint's pnpm pack, attw's npm pack, which alone took about 4.5 s of CPU in this workspace):
// about 8.5 s of CPU per package, 4.5 s this way. The tarball is removed after, pass or fail.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const attwArgs = process.argv.slice(2);
const destination = mkdtempSync(join(tmpdir(), 'inference-infra-test-exports-'));

/** Runs a tool found on PATH (the package's and the root's node_modules/.bin, as a package script has them). */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

let status = 0;
try {
  run('pnpm', ['pack', '--pack-destination', destination]);
  const [tarball, ...others] = readdirSync(destination).filter((file) => file.endsWith('.tgz'));
  if (!tarball || others.length > 0) {
    throw new Error(
      `pnpm pack should write one tarball into ${destination}, wrote ${others.length + (tarball ? 1 : 0)}`,
    );
  }
  run('publint', ['--strict', join(destination, tarball)]);
  run('attw', [join(destination, tarball), ...attwArgs]);
} catch (error) {
  process.stderr.write(`test:exports: ${error.message}\n`);
  status = 1;
} finally {
  rmSync(destination, { recursive: true, force: true });
}
process.exit(status);
