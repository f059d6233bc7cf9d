import { describe, expect, it } from 'vitest';
import { markdownTable } from './rows.js';
import { runBenchmarks } from './runBenchmarks.js';

// A smoke pass: every benchmark runs a few iterations and yields a figure, so the suite cannot rot.
// Nothing here is timed against a bound; the figures of a smoke pass mean nothing.
describe('the benchmarks', () => {
  it('all run and report a figure for every contender', async () => {
    const rows = await runBenchmarks({ smoke: true, build: false });
    console.log(markdownTable(rows));
    const metrics = new Set(rows.map((row) => row.metric));
    expect([...metrics]).toEqual(
      expect.arrayContaining([
        'sequential GET instance types',
        'sequential POST embeddings',
        'sequential PATCH resize',
        'in-process (no network) GET instance types',
        'in-process (no network) POST embeddings',
        'POST embeddings, concurrency 16',
        'streaming 200 chunks',
        'bundle min+gz, create + one call',
        'cold import + create, whole process',
        'mock start-up (CLI, until it serves)',
        'mock GET instance types, 16 in flight (CLI)',
        'mock in process, GET instance types',
      ]),
    );
    for (const row of rows) expect(row.value, `${row.metric} / ${row.contender}`).toMatch(/^[+-]?[\d.]+/);
  });
});
