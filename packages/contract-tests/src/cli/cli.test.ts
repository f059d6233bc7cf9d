import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, runBuiltCli as runCli } from '../test/builtCli.js';
import { runCliInProcess } from '../test/inProcessCli.js';
import { mutants } from '../test/mutants.js';
import { type SimulatorTarget, startSimulatorTarget } from '../test/simulatorTarget.js';

const targetArgs = ({ target }: SimulatorTarget) => [
  '--base-url',
  target.baseUrl,
  '--platform-url',
  target.platformUrl,
  '--api-key',
  target.apiKey,
  ...(target.deactivatedKey ? ['--deactivated-key', target.deactivatedKey] : []),
];

describe('the inference-infra-contract-tests command', () => {
  let work: string;
  beforeAll(async () => {
    assertCliBuilt();
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
        // A fresh simulator: its volume may grow to the maximum, so no check is skipped.
        '--allow-bound-resizes',
        '--volume-id',
        server.target.volumeId,
        '--volume-size',
        String(server.target.volumeSizeGb),
        '--reporter',
        'junit',
        '--output-file',
        report,
        '--report',
        'coverage',
        join(work, 'coverage-map.json'),
      ]);
      // None skipped but the check of how a stream fails: no stream of the simulator fails unless a fault asks it to.
      expect(run.output).toMatch(
        /\d+ checks: \d+ passed, 0 failed, 1 skipped\n {4}1 skipped: no stream of the run failed/,
      );
      // The deactivated key is a secret as the key is: not a piece of it is printed.
      expect(run.output).not.toContain(server.target.deactivatedKey?.slice(8, 16));
      expect(run.output).toMatch(
        /Coverage map: \d+ promises of the spec, \d+ checked \(\d+ over generated cases\), \d+ not checkable/,
      );
      const map = JSON.parse(await readFile(join(work, 'coverage-map.json'), 'utf8')) as {
        counts: { unaccounted: number };
      };
      expect(map.counts.unaccounted).toBe(0);
      expect(run.output).toMatch(/Coverage: 6\/6 operations, 24\/36 documented statuses exercised/);
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
        /<testcase [^>]*>\s*<skipped message="state-changing or billable call: run with --allow-mutations"\/>/,
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

  it('writes the GitHub summary, HAR and NDJSON reports of one run, the key redacted in all, the seed in each', async () => {
    const server = await startSimulatorTarget(
      mutants.find((m) => m.name.startsWith('drops a required field'))?.wrap,
    );
    const summary = join(work, 'step-summary.md');
    const har = join(work, 'run.har');
    const ndjson = join(work, 'run.ndjson');
    const junit = join(work, 'both.xml');
    try {
      const run = await runCli(
        [
          ...targetArgs(server),
          '--only',
          'listInstanceTypes',
          '--seed',
          '31337',
          '--reporter',
          'github,junit',
          '--output-file',
          junit,
          '--report',
          'har',
          har,
          '--report',
          `ndjson=${ndjson}`,
        ],
        { GITHUB_STEP_SUMMARY: summary },
      );
      expect(run.code, run.output).toBe(1);
      expect(run.output).toMatch(/^FAIL listInstanceTypes › /m);
      expect(run.output).toMatch(
        /^ {2}reproduce: curl -sS -X GET -H "authorization: Bearer \$\{INFERENCE_INFRA_API_KEY\}"/m,
      );
      expect(run.output).toContain('Seed: 31337');
      const files = await Promise.all([summary, har, ndjson, junit].map((file) => readFile(file, 'utf8')));
      for (const text of [run.output, ...files]) {
        expect(text).toContain('31337');
        expect(text).not.toContain(server.target.apiKey.slice(0, -1));
      }
      const [markdown = '', harText = '', ndjsonText = ''] = files;
      expect(markdown).toMatch(/## Contract suite: ❌ failed/);
      expect(markdown).toContain('```\n  reproduce: curl');
      const log = JSON.parse(harText).log;
      expect(log.version).toBe('1.2');
      expect(log.entries[0].comment).toBe('pre-flight');
      expect(log.entries.length).toBe(
        ndjsonText.split('\n').filter((l) => l.includes('"type":"exchange"')).length,
      );
    } finally {
      await server.close();
    }
  });

  it('ends with exit 3 and one sentence when the target cannot be reached or refuses the key', async () => {
    const refusing = await startSimulatorTarget();
    try {
      const wrongKey = await runCli([
        '--base-url',
        refusing.target.baseUrl,
        '--platform-url',
        refusing.target.platformUrl,
        '--api-key',
        'ii_live_not_the_key',
      ]);
      expect(wrongKey.code, wrongKey.output).toBe(3);
      expect(wrongKey.output.trim()).toMatch(
        /^inference-infra-contract-tests: The API key was refused \(401 on GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/instances\/types\): [^\n]+$/,
      );
    } finally {
      await refusing.close();
    }
    // The simulator's port, closed: nothing listens there now. The reports still say why, so CI shows it.
    const junit = join(work, 'gone.xml');
    const summary = join(work, 'gone.md');
    const gone = await runCli(
      [...targetArgs(refusing), '--reporter', 'github,junit', '--output-file', junit],
      { GITHUB_STEP_SUMMARY: summary },
    );
    expect(gone.code, gone.output).toBe(3);
    expect(gone.output).toMatch(
      /Cannot reach http:\/\/127\.0\.0\.1:\d+ \(--platform-url\): the connection was refused/,
    );
    expect(gone.output).not.toMatch(/FAIL|checks:/);
    expect(await readFile(junit, 'utf8')).toMatch(
      /errors="1"[\s\S]*<error message="Cannot reach http:\/\/127\.0\.0\.1:\d+ \(--platform-url\)/,
    );
    expect(await readFile(summary, 'utf8')).toMatch(/^## Contract suite: ⚠️ could not run\n\nCannot reach /);
  });

  it('exits 2 on wrong usage, before any request', async () => {
    const github = await runCli(['--reporter', 'github']);
    expect(github.code).toBe(2);
    expect(github.output).toMatch(/--reporter github needs \$GITHUB_STEP_SUMMARY/);
    // The first proved the exit code of the process; the others are about what the command decides, in process.
    expect((await runCliInProcess(['--base-url', 'http://127.0.0.1:9/v1'])).code).toBe(2);
    const unknown = await runCliInProcess(['--only', 'listGpus']);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toMatch(/unknown: listGpus/);
  });

  it('exits 2 naming the flag when a report file cannot be written, before the run (was a stack after it)', async () => {
    // Under a regular file, no folder can be made: refused whoever runs the test, root included.
    const notAFolder = join(work, 'not-a-folder');
    await writeFile(notAFolder, '');
    const cases = [
      [['--report', 'ndjson', join(notAFolder, 'run.ndjson')], '--report ndjson'],
      [['--report', 'har', join(notAFolder, 'run.har')], '--report har'],
      [['--report', 'coverage', join(notAFolder, 'map.md')], '--report coverage'],
      [['--reporter', 'junit', '--output-file', join(notAFolder, 'junit.xml')], '--output-file'],
    ] as const;
    for (const [index, [args, named]] of cases.entries()) {
      // The first in a child process (the exit code and output of the process), the rest in process: the same answers.
      const run = await (index === 0 ? runCli : runCliInProcess)([...args]);
      expect(run.code, run.output).toBe(2);
      expect(run.output).toContain(`${named} ${join(notAFolder, '')}`);
      expect(run.output).toMatch(/cannot be written: its folder cannot be made \(E[A-Z]+\)/);
      expect(run.output).not.toMatch(/No target given|\n\s+at \S/);
    }
  });
});
