// `pnpm test:quick`: the inner loop. Lint of the files changed since the base (main by default), type-check of the
// workspaces they are in and of those that depend on them, and the unit tests beside the changes (`x.test.ts` of a
// changed `x.ts`, and each changed test file), leaving out what scripts/testTags.mjs tags as socket, browser or
// install tests. Beside, not every test importing the change (vitest's `--changed`): a change to a module everything
// imports would run the whole package, and the inner loop must stay minutes. `pnpm test` (scripts/test.sh) stays the
// check before a merge.
// `node scripts/testQuick.mjs [--base <git ref>]`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, matchesGlob, relative } from 'node:path';
import { fileTags, workspaceTags } from './testTags.mjs';
import { root, testWorkspaces } from './testWorkspaces.mjs';

const baseAt = process.argv.indexOf('--base');
const base = baseAt === -1 ? 'main' : process.argv[baseAt + 1];

function git(...args) {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`test:quick: git ${args.join(' ')} failed: ${run.stderr.trim()}`);
    process.exit(2);
  }
  return run.stdout.split('\n').filter(Boolean);
}

function run(what, command, args, cwd = root) {
  console.log(`\n== ${what}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  console.log(
    `== ${what}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return result.status === 0;
}

const names = (ref) =>
  spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root }).status === 0;
if (!base || !names(base)) {
  console.error(`test:quick: --base must name a commit (got "${base ?? ''}")`);
  process.exit(2);
}
const since = git('merge-base', base, 'HEAD')[0];
// Committed since the base, changed in the working tree, and new files: what a push would bring.
const changed = [
  ...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((file) => existsSync(join(root, file)));
if (changed.length === 0) {
  console.log(`test:quick: nothing changed since ${base}`);
  process.exit(0);
}
const workspaces = testWorkspaces().filter(({ workspace }) =>
  changed.some((file) => file.startsWith(`${workspace}/`)),
);
console.log(
  `test:quick: ${changed.length} files changed since ${base}, in ${workspaces.map((w) => w.workspace).join(', ') || 'no workspace'}`,
);

let ok = run('lint', 'pnpm', [
  'exec',
  'biome',
  'check',
  '--error-on-warnings',
  '--no-errors-on-unmatched',
  ...changed,
]);
// Types in two steps. The changed workspaces with what their typecheck depends on (their builds, so that those who
// import them read today's declarations). Then the workspaces depending on them, their typecheck alone (`--only`):
// through turbo's graph each would first rebuild itself, and a dependent's build (the docs site, the playground's
// Vite builds) is minutes that a type-check does not need. Two at a time: tsc on a 2-core machine.
if (workspaces.length > 0) {
  const filters = (prefix) => workspaces.map(({ workspace }) => `--filter=${prefix}{./${workspace}}`);
  const turboTypecheck = (what, args) =>
    run(what, 'pnpm', [
      'exec',
      'turbo',
      'run',
      'typecheck',
      '--output-logs=errors-only',
      '--concurrency=2',
      ...args,
    ]);
  ok = turboTypecheck('types of the changed workspaces', filters('')) && ok;
  ok = turboTypecheck('types of the workspaces depending on them', ['--only', ...filters('...^')]) && ok;
}
const testFile = /\.test\.tsx?$/;
for (const { workspace } of workspaces) {
  const tag = workspaceTags[workspace];
  if (tag) {
    console.log(`\n== unit tests of ${workspace}: none (its tests are ${tag} tests; pnpm test runs them)`);
    continue;
  }
  const mine = changed.filter((file) => file.startsWith(`${workspace}/`));
  const beside = mine.flatMap((file) =>
    testFile.test(file)
      ? [file]
      : [file.replace(/\.tsx?$/, '.test.ts'), file.replace(/\.tsx?$/, '.test.tsx')],
  );
  const tests = [...new Set(beside)]
    .filter((file) => testFile.test(file) && existsSync(join(root, file)))
    .map((file) => relative(join(root, workspace), join(root, file)));
  const unit = tests.filter((file) => !fileTags.some(([glob]) => matchesGlob(file, glob)));
  for (const file of tests.filter((file) => !unit.includes(file)))
    console.log(
      `== ${workspace}/${file}: left to pnpm test (${fileTags.find(([glob]) => matchesGlob(file, glob))?.[1]} test)`,
    );
  if (unit.length === 0) {
    console.log(`\n== unit tests of ${workspace}: none beside the changes`);
    continue;
  }
  // The default reporter only: the JSON report is the whole suite's, which this run must not overwrite.
  ok =
    run(
      `unit tests of ${workspace}`,
      'pnpm',
      ['exec', 'vitest', 'run', '--reporter=default', ...unit],
      join(root, workspace),
    ) && ok;
}
console.log(`\ntest:quick: ${ok ? 'passed' : 'FAILED'} (socket, browser and install tests run in pnpm test)`);
process.exit(ok ? 0 : 1);
