import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runError } from '../test/reportEvents.js';
import { UsageError } from './cliOptions.js';
import { reportersFor } from './reportersFor.js';

const stdout = { isTTY: false, write: () => true };
const none = { reporters: [], exchangeReports: [] };

describe('reportersFor', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'contract-tests-reporters-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('always has the console, then one reporter per --reporter and --report', () => {
    expect(reportersFor(none, {}, stdout)).toHaveLength(1);
    const all = reportersFor(
      {
        reporters: ['junit', 'github'],
        outputFile: join(work, 'junit.xml'),
        exchangeReports: [
          { format: 'har', file: join(work, 'run.har') },
          { format: 'ndjson', file: join(work, 'run.ndjson') },
        ],
      },
      { GITHUB_STEP_SUMMARY: join(work, 'step-summary.md') },
      stdout,
    );
    expect(all).toHaveLength(5);
  });

  it('writes the GitHub summary to $GITHUB_STEP_SUMMARY, and outside Actions to --output-file', async () => {
    const inActions = join(work, 'in-actions.md');
    const outside = join(work, 'outside.md');
    for (const reporter of reportersFor(
      { ...none, reporters: ['github'], outputFile: join(work, 'unused.md') },
      { GITHUB_STEP_SUMMARY: inActions },
      stdout,
    ))
      await reporter.onRunError?.(runError('in Actions'));
    for (const reporter of reportersFor({ ...none, reporters: ['github'], outputFile: outside }, {}, stdout))
      await reporter.onRunError?.(runError('outside'));
    expect(await readFile(inActions, 'utf8')).toContain('in Actions');
    expect(await readFile(outside, 'utf8')).toContain('outside');
    await expect(readFile(join(work, 'unused.md'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('refuses a GitHub summary with nowhere to go, saying what to give', () => {
    expect(() => reportersFor({ ...none, reporters: ['github'] }, {}, stdout)).toThrow(
      new UsageError(
        '--reporter github needs $GITHUB_STEP_SUMMARY (set in GitHub Actions) or --output-file FILE',
      ),
    );
    // Outside Actions, --output-file belongs to the JUnit report when both are asked.
    expect(() =>
      reportersFor({ ...none, reporters: ['junit', 'github'], outputFile: join(work, 'j.xml') }, {}, stdout),
    ).toThrow(/--output-file is the junit report/);
  });
});
