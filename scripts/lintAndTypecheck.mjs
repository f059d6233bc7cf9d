// The check's lint and typecheck job, without a package manager between the tasks: turbo starts each task through
// `pnpm run`, about 1.6 s of CPU for pnpm's own start, and the job was 32 of them (18 lints, 14 typechecks) for some
// 50 s of CPU. Here one Biome run at the root checks every file each workspace's `biome check .` would (one
// configuration, the root's biome.json), a workspace whose lint is more than that runs its own script, and each
// typecheck runs with `node --run` (which puts the workspace's node_modules/.bin on PATH, as pnpm does). Every task
// runs, a failure does not stop the others, and the job fails if any did. `pnpm lint` and `pnpm typecheck` (turbo)
// stay what a contributor runs. The tasks are scripts/checkJobs.mjs's `lintTasks`.
// `node scripts/lintAndTypecheck.mjs`
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { lintTasks, workspaceScripts } from './checkJobs.mjs';
import { root } from './testWorkspaces.mjs';

const failed = [];
for (const task of lintTasks(workspaceScripts())) {
  const started = Date.now();
  const cwd = join(root, task.cwd);
  const run = spawnSync(task.command, task.args, { cwd, stdio: 'inherit' });
  const ok = run.status === 0;
  if (!ok) failed.push(task.name);
  console.log(
    `lint, typecheck: ${ok ? 'ok' : `FAILED (${run.error?.message ?? (run.signal ? `ended by ${run.signal}` : `exit ${run.status}`)})`} ${task.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
if (failed.length > 0) {
  console.error(`lint, typecheck: ${failed.length} failed: ${failed.join(', ')}`);
  process.exit(1);
}
