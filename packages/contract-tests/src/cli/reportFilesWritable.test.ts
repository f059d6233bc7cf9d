import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from './cliOptions.js';
import { checkReportFilesWritable, reportFilesOf } from './reportFilesWritable.js';

const work = mkdtempSync(join(tmpdir(), 'report-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('checkReportFilesWritable', () => {
  it('leaves no file of its own behind, and an existing report as it was', () => {
    const fresh = join(work, 'new', 'folder', 'run.ndjson');
    const existing = join(work, 'kept.xml');
    writeFileSync(existing, '<testsuites/>');
    checkReportFilesWritable([
      { named: '--report ndjson', file: fresh },
      { named: '--output-file', file: existing },
    ]);
    expect(existsSync(fresh)).toBe(false);
    expect(existsSync(join(work, 'new', 'folder'))).toBe(true);
    expect(readFileSync(existing, 'utf8')).toBe('<testsuites/>');
  });

  it('refuses a path that cannot be written with a usage error naming the flag, the file and why', () => {
    const notAFolder = join(work, 'plain-file');
    writeFileSync(notAFolder, '');
    const file = join(notAFolder, 'run.har');
    expect(() => checkReportFilesWritable([{ named: '--report har', file }])).toThrow(UsageError);
    expect(() => checkReportFilesWritable([{ named: '--report har', file }])).toThrow(
      new RegExp(`^--report har ${file} cannot be written: its folder cannot be made \\(E[A-Z]+\\)$`),
    );
    // A folder where the file should be: the folder is there, the file cannot be opened.
    expect(() => checkReportFilesWritable([{ named: '--report har', file: work }])).toThrow(
      `--report har ${work} cannot be written (EISDIR)`,
    );
  });
});

describe('reportFilesOf', () => {
  it('names every file a run writes with the flag or variable that named it', () => {
    expect(
      reportFilesOf(
        {
          reporters: ['default', 'junit', 'github'],
          outputFile: 'junit.xml',
          exchangeReports: [
            { format: 'har', file: 'run.har' },
            { format: 'coverage', file: 'map.md' },
          ],
        },
        { GITHUB_STEP_SUMMARY: '/summary.md' },
      ),
    ).toEqual([
      { named: '--output-file', file: 'junit.xml' },
      { named: '$GITHUB_STEP_SUMMARY', file: '/summary.md' },
      { named: '--report har', file: 'run.har' },
      { named: '--report coverage', file: 'map.md' },
    ]);
  });
});
