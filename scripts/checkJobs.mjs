// The jobs of scripts/check.mjs: one per test workspace, and one for lint and typecheck, as turbo runs they start.

/**
 * Workspaces whose `vitest run` type-checks their whole project already: typecheck enabled with `tsconfig.json`,
 * source errors failing the run, which is what their `typecheck` script (`tsc --noEmit`) checks. Their typecheck task
 * would run the same tsc program a second time (10-14 s of CPU each), so the check runs their lint beside their tests
 * instead, and no typecheck of theirs. `pnpm typecheck` still runs it. checkJobs.test.ts holds each one to the claim.
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
