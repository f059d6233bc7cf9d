// The jobs of scripts/check.mjs: one per test workspace, and one for lint and typecheck, as turbo runs they start.

/**
 * Workspaces whose `vitest run` type-checks their whole project already: typecheck enabled with `tsconfig.json`,
 * source errors failing the run, which is the project their `typecheck` script (tools/typecheck: `tsc --noEmit` with
 * TypeScript 7) checks. Vitest's checker is the workspace's TypeScript 5.9, so the check type-checks these four with 5.9
 * beside their tests and not a second time with 7; `pnpm typecheck` still runs 7 on them. checkJobs.test.ts holds each
 * one to the claim.
 */
export const typecheckedByTheirTests = [
  'packages/fetch-client',
  'packages/query-core',
  'packages/react-hooks',
  'packages/types',
];

/**
 * @param {string[]} workspaces the test workspaces, in order
 * @param {(workspace: string) => string} packageName its package.json name, which turbo's `--filter` takes
 * @returns {{ name: string, args: string[] }[]} the lint job first, then one job per test workspace
 */
export function checkJobs(workspaces, packageName) {
  const typechecked = workspaces.filter((workspace) => typecheckedByTheirTests.includes(workspace));
  const lintJob = {
    name: 'lint, typecheck',
    args: [
      'run',
      'lint',
      'typecheck',
      '--only',
      '--continue',
      '--concurrency=2',
      ...typechecked.map((workspace) => `--filter=!${packageName(workspace)}`),
    ],
  };
  const testJobs = workspaces.map((workspace) => ({
    name: workspace,
    args: [
      'run',
      ...(typechecked.includes(workspace) ? ['lint', 'test'] : ['test']),
      `--filter=${packageName(workspace)}`,
      '--only',
      '--continue',
    ],
  }));
  return [lintJob, ...testJobs];
}
