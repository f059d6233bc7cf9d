import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkJobs, typecheckedByTheirTests } from '../../../scripts/checkJobs.mjs';
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
      // `typecheck` is tools/typecheck: tsc --noEmit of tsconfig.json (TypeScript 7); vitest checks that project with 5.9.
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
      expect(typecheck?.checker ?? 'tsc').toBe('tsc');
    },
  );

  it("runs every workspace's lint once, and its typecheck once unless its tests type-check it", () => {
    const [lintJob, ...testJobs] = jobs;
    const excluded = (lintJob?.args ?? [])
      .filter((arg) => arg.startsWith('--filter=!'))
      .map((arg) => arg.slice('--filter=!'.length));
    const byName = new Map(workspaces.map((workspace) => [manifest(workspace).name, workspace]));
    expect(excluded.map((name) => byName.get(name)).sort()).toEqual(
      workspaces.filter((workspace) => typecheckedByTheirTests.includes(workspace)).sort(),
    );
    expect(lintJob?.args.slice(0, 3)).toEqual(['run', 'lint', 'typecheck']);
    expect(testJobs.map((job) => job.name)).toEqual(workspaces);
    for (const job of testJobs) {
      const lintedHere = job.args.includes('lint');
      expect(lintedHere, job.name).toBe(typecheckedByTheirTests.includes(job.name));
      expect(job.args).toContain('test');
      expect(job.args).toContain(`--filter=${manifest(job.name).name}`);
      expect(job.args).not.toContain('typecheck');
    }
  });
});
