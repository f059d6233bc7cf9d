import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkJobs,
  lintTasks,
  plainBiomeLint,
  typecheckedByTheirTests,
  workspaceScripts,
} from '../../../scripts/checkJobs.mjs';
import { testWorkspaces } from '../../../scripts/testWorkspaces.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const manifest = (workspace: string) =>
  JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as {
    name: string;
    scripts: Record<string, string>;
  };
const workspaces = testWorkspaces().map(({ workspace }) => workspace);
const jobs = checkJobs(workspaces, (workspace) => manifest(workspace).name);

describe('the jobs of pnpm check', () => {
  it.each(typecheckedByTheirTests)(
    '%s: its vitest run type-checks the program its typecheck script would (tsconfig.json, source errors fail the run)',
    async (workspace) => {
      const { scripts } = manifest(workspace);
      // `typecheck` is tools/typecheck: tsc --noEmit of tsconfig.json (TypeScript 7); vitest checks that project with it.
      expect(scripts.typecheck).toBe('typecheck');
      expect(scripts.test).toBe('vitest run');
      const config = (await import(join(root, workspace, 'vitest.config.ts'))).default as {
        test: {
          typecheck?: {
            enabled?: boolean;
            tsconfig?: string;
            ignoreSourceErrors?: boolean;
            checker?: string;
          };
        };
      };
      const typecheck = config.test.typecheck;
      expect(typecheck?.enabled).toBe(true);
      expect(typecheck?.tsconfig).toBe('./tsconfig.json');
      expect(typecheck?.ignoreSourceErrors ?? false).toBe(false);
      expect(typecheck?.checker).toBe('typecheck');
    },
  );

  it("runs every workspace's lint and typecheck once, in the lint job, unless its tests type-check it", () => {
    const [lintJob, ...testJobs] = jobs;
    expect(lintJob).toEqual({
      name: 'lint, typecheck',
      turbo: false,
      args: ['scripts/lintAndTypecheck.mjs'],
    });
    const all = workspaceScripts();
    const tasks = lintTasks(all).map((task) => `${task.cwd} ${task.args.join(' ')}`);
    expect(tasks[0]).toBe('. check --error-on-warnings .');
    for (const { workspace, scripts } of all) {
      // A plain Biome lint is the root's run; any other lint runs as the workspace has it.
      if (scripts.lint !== undefined)
        expect(tasks.includes(`${workspace} --run lint`), workspace).toBe(scripts.lint !== plainBiomeLint);
      if (scripts.typecheck !== undefined)
        expect(tasks.includes(`${workspace} --run typecheck`), workspace).toBe(
          !typecheckedByTheirTests.includes(workspace),
        );
    }
    expect(testJobs.map((job) => job.name)).toEqual(workspaces);
    for (const job of testJobs) {
      expect(job.turbo).toBe(true);
      expect(job.args).toEqual([
        'run',
        'test',
        `--filter=${manifest(job.name).name}`,
        '--only',
        '--continue',
      ]);
    }
  });

  it("checks every workspace's files with the root's Biome configuration, so one run at the root covers them", () => {
    const nested = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /(^|\/)biome\.jsonc?$/.test(file) && file !== 'biome.json');
    expect(nested).toEqual([]);
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as { root?: boolean };
    expect(config.root ?? true).toBe(true);
  });
});
