// The jobs of scripts/check.mjs: one per test workspace, as turbo runs they start, and one for lint and typecheck
// (scripts/lintAndTypecheck.mjs, its tasks listed here).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, workspaceFolders } from './testWorkspaces.mjs';

/**
 * Workspaces whose `vitest run` type-checks their whole project already: typecheck enabled with `tsconfig.json`,
 * source errors failing the run, which is the project their `typecheck` script (tools/typecheck: `tsc --noEmit` with
 * TypeScript 7) checks, with the same checker (`typeTestChecker` of vitest.shared.ts), so the check type-checks these four
 * beside their tests and not a second time. checkJobs.test.ts holds each one to the claim.
 */
export const typecheckedByTheirTests = [
  'packages/fetch-client',
  'packages/query-core',
  'packages/react-hooks',
  'packages/types',
];

/** The lint script a workspace has when Biome with the root's configuration is all its lint is. */
export const plainBiomeLint = 'biome check --error-on-warnings .';

/**
 * Each workspace's folder and package.json scripts.
 * @returns {{ workspace: string, scripts: Record<string, string> }[]}
 */
export function workspaceScripts() {
  return workspaceFolders().map((workspace) => ({
    workspace,
    scripts: JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts ?? {},
  }));
}

/**
 * What the lint and typecheck job runs, in order: Biome once at the root (every workspace's `biome check .` reads the
 * root's biome.json, so one run checks the same files, and the repository's own scripts besides), the lint script of
 * each workspace whose lint is more than that, and the typecheck of each workspace whose tests do not type-check it.
 * @param {{ workspace: string, scripts: Record<string, string> }[]} workspaces
 * @returns {{ name: string, cwd: string, command: string, args: string[] }[]}
 */
export function lintTasks(workspaces) {
  /** @type {(workspace: string, script: string) => { name: string, cwd: string, command: string, args: string[] }} */
  const nodeRun = (workspace, script) => ({
    name: `${workspace} ${script}`,
    cwd: workspace,
    command: process.execPath,
    args: ['--run', script],
  });
  return [
    {
      name: 'biome check at the root',
      cwd: '.',
      command: join(root, 'node_modules/.bin/biome'),
      args: plainBiomeLint.split(' ').slice(1),
    },
    ...workspaces
      .filter(({ scripts }) => scripts.lint !== undefined && scripts.lint !== plainBiomeLint)
      .map(({ workspace }) => nodeRun(workspace, 'lint')),
    ...workspaces
      .filter(
        ({ workspace, scripts }) =>
          scripts.typecheck !== undefined && !typecheckedByTheirTests.includes(workspace),
      )
      .map(({ workspace }) => nodeRun(workspace, 'typecheck')),
  ];
}

/**
 * @param {string[]} workspaces the test workspaces, in order
 * @param {(workspace: string) => string} packageName its package.json name, which turbo's `--filter` takes
 * @returns {{ name: string, turbo: boolean, args: string[] }[]} the lint job first (node, not turbo), then one turbo
 *   job per test workspace
 */
export function checkJobs(workspaces, packageName) {
  const lintJob = { name: 'lint, typecheck', turbo: false, args: ['scripts/lintAndTypecheck.mjs'] };
  const testJobs = workspaces.map((workspace) => ({
    name: workspace,
    turbo: true,
    args: ['run', 'test', `--filter=${packageName(workspace)}`, '--only', '--continue'],
  }));
  return [lintJob, ...testJobs];
}
