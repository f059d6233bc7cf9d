import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed } from '../test/reportEvents.js';
import { githubSummaryReporter } from './github.js';

describe('githubSummaryReporter', () => {
  let dir: string;
  let markdown: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'github-'));
    const file = join(dir, 'summary.md');
    await writeFile(file, 'written by an earlier step\n');
    await feed(githubSummaryReporter(file));
    markdown = await readFile(file, 'utf8');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('appends to what earlier steps wrote, as GITHUB_STEP_SUMMARY asks', () => {
    expect(markdown.startsWith('written by an earlier step\n## Contract suite: ❌ failed')).toBe(true);
  });

  it('gives a table of counts, the skip reasons and the seed', () => {
    expect(markdown).toContain('| passed | failed | skipped |\n| ---: | ---: | ---: |\n| 1 | 1 | 1 |');
    expect(markdown).toContain('| 1 | state-changing or billable call: run with --allow-mutations |');
    expect(markdown).toContain('replay with `--seed 77`');
  });

  it('gives each failure its reproduction in a code block longer than any backtick run in it', () => {
    expect(markdown).toContain('### ❌ listInstanceTypes › honours the gpu_type filter <H100>');
    expect(markdown).toMatch(
      /Reproduce:\n\n```\n {2}reproduce: curl -sS -X GET [^\n]+\n {2}answer: 500 \{"error":\{\}\}\n```/,
    );
  });
});
