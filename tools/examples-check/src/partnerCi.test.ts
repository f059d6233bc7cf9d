import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockServer } from '@inference-infra/mock-server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { ExampleProject } from './exampleProject.ts';
import { exampleDir, manifestOf } from './examples.ts';
import { readmeCommand } from './readme.ts';

const name = 'partner-ci';
let project: ExampleProject | undefined;
afterAll(() => project?.remove());

const variables = ['INFERENCE_INFRA_API_KEY', 'INFERENCE_INFRA_BASE_URL', 'INFERENCE_INFRA_PLATFORM_URL'];
/** The distinct flags (`--name`) in some text, in order. */
const flagsOf = (...texts: string[]) => [
  ...new Set(
    texts.flatMap((text) => [...text.matchAll(/['"\s](--[a-z][a-z-]+)/g)].map((match) => match[1] as string)),
  ),
];
const read = (file: string) => parse(readFileSync(join(exampleDir(name), file), 'utf8'));

interface GitHubStep {
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}

describe('examples/partner-ci', () => {
  it('runs the job (npm run contract) against the deployment from secrets in GitHub Actions, and npm test beside it', () => {
    const workflow = read('.github/workflows/contract.yml') as {
      jobs: Record<string, { steps: GitHubStep[] }>;
    };
    const runs = (job: string) => workflow.jobs[job]?.steps.flatMap((step) => (step.run ? [step] : [])) ?? [];
    const [install, contract] = runs('deployment');
    expect(install?.run).toBe('npm install');
    expect(contract?.run).toMatch(/^npm run contract( -- .*)?$/);
    expect(contract?.env).toEqual(
      Object.fromEntries(variables.map((variable) => [variable, `\${{ secrets.${variable} }}`])),
    );
    expect(runs('simulator').map((step) => step.run)).toEqual(['npm install', 'npm test']);
  });

  it('runs the same job in GitLab CI, reading the CI/CD variables from the environment, and npm test beside it', () => {
    const pipeline = read('.gitlab-ci.yml') as Record<string, { script?: string[]; artifacts?: unknown }>;
    expect(pipeline['contract-tests']?.script).toEqual(['npm install', 'npm run contract']);
    expect(pipeline['contract-tests']?.artifacts).toEqual({
      when: 'always',
      reports: { junit: 'contract.xml' },
    });
    expect(pipeline['contract-tests-simulator']?.script).toEqual(['npm install', 'npm test']);
  });

  it('passes the whole suite against a simulator of its own with npm test: exit 0, 0 failed, a JUnit report', async () => {
    project = new ExampleProject(name, inject('registryUrl'));
    await project.install();
    const { output } = await project.run(readmeCommand(name, /^npm test$/), { timeoutMs: 5 * 60_000 });
    expect(output).toMatch(/simulator: http:\/\/127\.0\.0\.1:\d+\/v1 and http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toMatch(/, mutations allowed\n {2}\d+ checks: \d+ passed, 0 failed, \d+ skipped/);
    expect(output).toContain('PASS: every executed check held (exit 0)');
    expect(readFileSync(join(project.dir, 'contract.xml'), 'utf8')).toMatch(/<testsuites[^>]* failures="0"/);

    // Every flag the job, the CI files and the runner give a command is one that installed command lists in --help.
    const helpOf = async (bin: string) =>
      (await project?.run(`npx ${bin} --help`, { timeoutMs: 60_000 }))?.stdout;
    const suiteHelp = await helpOf('inference-infra-contract-tests');
    const mockHelp = await helpOf('inference-infra-mock');
    const runner = readFileSync(join(exampleDir(name), 'run-against-simulator.mjs'), 'utf8');
    const suiteFlags = flagsOf(
      manifestOf(exampleDir(name)).scripts?.contract ?? '',
      readFileSync(join(exampleDir(name), '.github/workflows/contract.yml'), 'utf8'),
      runner.match(/const mutations = \[[^\]]*\]/)?.[0] ?? '',
    );
    const mockFlags = flagsOf(runner.match(/mockCommand\(\), [^\]]*\]/)?.[0] ?? '');
    expect(suiteFlags).toEqual(expect.arrayContaining(['--reporter', '--output-file', '--allow-mutations']));
    expect(mockFlags).toEqual(['--port', '--platform-port', '--key']);
    for (const flag of suiteFlags) expect(suiteHelp, flag).toContain(flag);
    for (const flag of mockFlags) expect(mockHelp, flag).toContain(flag);
  });

  it("runs the job against the local mock as the README's last line does, the target only from the three variables", async () => {
    const line = readmeCommand(name, /npm run contract$/);
    for (const variable of variables) expect(line).toContain(`${variable}=`);
    // A mock as start.sh serves it, taking only the demo key (the suite's unknown-key checks need a 401 for any
    // other), on free ports: its addresses replace the README's defaults, and nothing else changes.
    const mock = await startMockServer({ keys: ['ii_live_mock'] });
    try {
      const pointed = line
        .replace('http://127.0.0.1:4010/v1', mock.baseUrl.replace(/\/$/, ''))
        .replace('http://127.0.0.1:4011', mock.platformUrl.replace(/\/$/, ''));
      expect(pointed).not.toBe(line);
      const { output } = await (project as ExampleProject).run(pointed, { timeoutMs: 3 * 60_000 });
      expect(output).toMatch(/\n {2}\d+ checks: \d+ passed, 0 failed, \d+ skipped\n/);
    } finally {
      await mock.close();
    }
  });
});
