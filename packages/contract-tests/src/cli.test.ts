import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutants } from './test/mutants.js';
import { type SimulatorTarget, startSimulatorTarget } from './test/simulatorTarget.js';

const bin = fileURLToPath(new URL('../bin/contract-tests.js', import.meta.url));

interface CliRun {
  code: number;
  output: string;
}

/**
 * The built command, as partners run it, in a child process. The variables of this vitest run are left out, so the
 * vitest the command starts does not take itself for a worker of this one; so are `INFERENCE_INFRA_*`, which would
 * turn a run meant for a local server into a run against whatever deployment they name.
 */
function runCli(args: string[]): Promise<CliRun> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && !name.startsWith('INFERENCE_INFRA_'),
    ),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...env, NO_COLOR: '1' }, timeout: 110_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

const targetArgs = ({ target }: SimulatorTarget) => [
  '--base-url',
  target.baseUrl,
  '--platform-url',
  target.platformUrl,
  '--api-key',
  target.apiKey,
];

describe('the inference-infra-contract-tests command', () => {
  let work: string;
  beforeAll(async () => {
    if (!existsSync(fileURLToPath(new URL('../dist/cli.js', import.meta.url)))) {
      throw new Error(
        'dist/cli.js is missing: run `pnpm --filter @inference-infra/contract-tests build` first',
      );
    }
    work = await mkdtemp(join(tmpdir(), 'contract-tests-cli-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('exits 0 against the simulator with mutations allowed, writing a JUnit report', async () => {
    const server = await startSimulatorTarget();
    const report = join(work, 'simulator.xml');
    try {
      const run = await runCli([
        ...targetArgs(server),
        '--allow-mutations',
        '--volume-id',
        server.target.volumeId,
        '--volume-size',
        String(server.target.volumeSizeGb),
        '--reporter',
        'junit',
        '--output-file',
        report,
      ]);
      expect(run.output).toMatch(/\d+ checks: \d+ passed, 0 failed, 0 skipped/);
      expect(run.output).toMatch(/Coverage: 6\/6 operations, 20\/32 documented statuses exercised/);
      expect(run.code, run.output).toBe(0);
      const xml = await readFile(report, 'utf8');
      expect(xml).toMatch(/<testsuites [^>]*failures="0"/);
      expect(xml).toContain('honours the gpu_type filter');
    } finally {
      await server.close();
    }
  });

  it('reports state-changing checks as skipped, with the reason, without --allow-mutations', async () => {
    const server = await startSimulatorTarget();
    const report = join(work, 'read-only.xml');
    try {
      const run = await runCli([...targetArgs(server), '--reporter', 'junit', '--output-file', report]);
      expect(run.output).toMatch(/\d+ skipped: state-changing or billable call: run with --allow-mutations/);
      expect(run.code, run.output).toBe(0);
      expect(await readFile(report, 'utf8')).toMatch(
        /<testcase [^>]*name="[^"]*\[skipped: state-changing or billable call: run with --allow-mutations\]"[^>]*>\s*<skipped\/>/,
      );
    } finally {
      await server.close();
    }
  });

  it('exits 1 with the failing checks in the summary against a mutant', async () => {
    const mutant = mutants.find((m) => m.name === 'answers 200 without a key');
    const server = await startSimulatorTarget(mutant?.wrap);
    try {
      const run = await runCli([...targetArgs(server), '--only', 'Instances']);
      expect(run.output).toMatch(/✗ .*listInstanceTypes.* answers 401 without an Authorization header/);
      expect(run.output).toContain('FAIL:');
      expect(run.code).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('fails on the violations prism proxy reports with --via-prism-proxy, and passes a conforming server', async () => {
    const conforming = await startSimulatorTarget();
    const broken = await startSimulatorTarget(
      mutants.find((m) => m.name.startsWith('drops a required field'))?.wrap,
    );
    try {
      const pass = await runCli([...targetArgs(conforming), '--only', 'Instances', '--via-prism-proxy']);
      expect(pass.output).toContain('through prism proxy');
      expect(pass.code, pass.output).toBe(0);
      const fail = await runCli([...targetArgs(broken), '--only', 'Instances', '--via-prism-proxy']);
      expect(fail.output).toMatch(/prism proxy reports: body\.data\.0: .*deployment_type/);
      expect(fail.code).toBe(1);
    } finally {
      await Promise.all([conforming.close(), broken.close()]);
    }
  });

  it('starts the bundled mock when no target is given, skipping what static examples cannot show', async () => {
    const run = await runCli([]);
    expect(run.output).toMatch(/skipped: the mock answers static examples/);
    expect(run.output).toContain('PASS: every executed check held (exit 0)');
    expect(run.code, run.output).toBe(0);
  });

  it('exits 2 on wrong usage, before any request', async () => {
    expect((await runCli(['--base-url', 'http://127.0.0.1:9/v1'])).code).toBe(2);
    const unknown = await runCli(['--only', 'listGpus']);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toMatch(/unknown: listGpus/);
  });
});
