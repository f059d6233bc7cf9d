import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Reporter } from '../engine/events.js';
import { checkEnds, result, target } from '../test/reportEvents.js';
import { consoleReporter } from './console.js';
import { githubSummaryReporter } from './github.js';
import { junitReporter } from './junit.js';

// A target whose `text/plain` error body is a GitHub Actions workflow command and a terminal escape sequence: each
// reporter quotes it (message, reproduction, skip reason), and none may hand it to a log or a terminal as it is.
const hostile =
  '::error file=x::owned\n  ::stop-commands::t0ken\n##[error]old\u001b[2J\u001b]0;title\u0007\rrest';

const events = () => [
  {
    ...checkEnds[2],
    message: `GET /x → 500: ${hostile}`,
    reproduction: `  answer: 500 ${hostile}`,
  } as (typeof checkEnds)[number],
  { ...checkEnds[1], reason: `the target said ${hostile}` } as (typeof checkEnds)[number],
];

async function feedHostile(reporter: Reporter): Promise<void> {
  await reporter.onRunStart?.({
    target,
    checkCount: 2,
    seed: 7,
    startedAt: '2026-01-02T03:04:05.000Z',
    preflight: [],
  });
  for (const event of events()) await reporter.onCheckEnd?.(event);
  await reporter.onRunEnd?.({ target, result, summary: `1 failed: ${hostile}`, exitCode: 1, durationMs: 3 });
}

function dangers(text: string): string[] {
  const found: string[] = [];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what is looked for
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text)) found.push('a control character');
  if (text.includes('##[')) found.push('##[');
  for (const line of text.split('\n')) if (line.trimStart().startsWith('::')) found.push(line);
  return found;
}

describe('every reporter, quoting a hostile target', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('the console: no workflow command at a line start, no escape sequence', async () => {
    const out: string[] = [];
    await feedHostile(
      consoleReporter({ write: (text) => void out.push(text), symbols: false, color: false }),
    );
    expect(out.join('')).toContain('owned');
    expect(dangers(out.join(''))).toEqual([]);
  });

  it('the GitHub job summary and the JUnit report: the same', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hostile-'));
    dirs.push(dir);
    await feedHostile(githubSummaryReporter(join(dir, 'summary.md')));
    await feedHostile(junitReporter(join(dir, 'junit.xml')));
    for (const file of ['summary.md', 'junit.xml']) {
      const text = await readFile(join(dir, file), 'utf8');
      expect(text, file).toContain('owned');
      expect(dangers(text), file).toEqual([]);
    }
  });
});
