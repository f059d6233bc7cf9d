import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed } from '../test/reportEvents.js';
import { ndjsonReporter } from './ndjson.js';

describe('ndjsonReporter', () => {
  let dir: string;
  let lines: Array<Record<string, unknown>>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ndjson-'));
    const file = join(dir, 'run.ndjson');
    await feed(ndjsonReporter(file));
    const text = await readFile(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one JSON object per line: the run with its seed, exchanges, checks, and the summary', () => {
    expect(lines.map((l) => l.type)).toEqual([
      'run',
      'exchange',
      'exchange',
      'check',
      'check',
      'exchange',
      'exchange',
      'check',
      'summary',
    ]);
    expect(lines[0]).toMatchObject({ type: 'run', seed: 77, checkCount: 3 });
    expect(lines.at(-1)).toMatchObject({
      type: 'summary',
      seed: 77,
      passed: 1,
      failed: 1,
      skipped: 1,
      exitCode: 1,
    });
  });

  it('names the check of each exchange and keeps its request and answer', () => {
    expect(lines[1]).toMatchObject({ check: 'pre-flight', method: 'GET', status: 500 });
    expect(lines[5]).toMatchObject({
      check: 'listInstanceTypes › honours the gpu_type filter <H100>',
      requestHeaders: { authorization: 'Bearer [redacted]' },
    });
    expect(lines[7]).toMatchObject({
      type: 'check',
      outcome: 'failed',
      reproduction: expect.stringContaining('curl'),
    });
  });
});

describe('ndjsonReporter when its file cannot be written', () => {
  it('keeps the write error from the event loop and fails the run when closed, naming the report', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ndjson-folder-'));
    try {
      // A folder where the file should be: opening it fails after the run started, as a full disk would.
      await expect(feed(ndjsonReporter(dir))).rejects.toThrow(
        `--report ndjson ${dir} could not be written: EISDIR`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
