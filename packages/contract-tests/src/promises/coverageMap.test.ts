import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildChecks, createCheckContext } from '../checks/index.js';
import { loadContractSpec } from '../model/spec.js';
import { assumptionEntry, bodyEntry, parameterEntry } from './coverageIds.js';
import {
  buildCoverageMap,
  coverageMapJson,
  coverageMapMarkdown,
  formatCoverageMapSummary,
} from './coverageMap.js';

const spec = loadContractSpec();
const target = {
  kind: 'live' as const,
  baseUrl: 'http://127.0.0.1:9/v1',
  platformUrl: 'http://127.0.0.1:9',
  apiKey: 'ii_live_coverage',
  allowMutations: true,
  models: {},
  requestTimeoutMs: 1000,
};
const ctx = createCheckContext(spec, target);
const map = buildCoverageMap(spec, buildChecks(spec, ctx.validator));

/** The ids `spec/ASSUMPTIONS.md` gives: its `###` headings and the security review's bold entries. */
function assumptionIdsOfTheDocument(): string[] {
  const file = fileURLToPath(new URL('../../../../spec/ASSUMPTIONS.md', import.meta.url));
  const text = readFileSync(file, 'utf8');
  const headings = [...text.matchAll(/^### (.+)$/gm)].flatMap((m) => [
    ...(m[1] ?? '').matchAll(/`([a-z0-9-]+)`/g),
  ]);
  const bullets = [...text.matchAll(/^- \*\*`([a-z0-9-]+)`\*\*/gm)];
  return [...new Set([...headings, ...bullets].map((m) => m[1] as string))];
}

describe('the coverage map', () => {
  it('gives every promise of the spec a check or a printed reason it cannot be checked from outside', () => {
    const neither = map.entries
      .filter((entry) => entry.checks.length === 0 && !entry.reason)
      .map((e) => e.id);
    expect(neither).toEqual([]);
    expect(map.counts.unaccounted).toBe(0);
    console.log(formatCoverageMapSummary(map));
  });

  it('names only promises the spec gives: a check cannot cover an entry the map does not have', () => {
    expect(map.unknownCovers).toEqual([]);
  });

  it('holds every assumption id of spec/ASSUMPTIONS.md and every x-assumption-id of the spec', () => {
    const ids = new Set(map.entries.map((entry) => entry.id));
    const missing = assumptionIdsOfTheDocument().filter((id) => !ids.has(assumptionEntry(id)));
    expect(missing).toEqual([]);
  });

  it('lists each default, bound, enum and pattern in the query and the body', () => {
    const ids = map.entries.map((entry) => entry.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        parameterEntry('listBillingTransactions', 'query', 'limit', 'default'),
        parameterEntry('listBillingTransactions', 'query', 'limit', 'maximum'),
        parameterEntry('listBillingTransactions', 'query', 'type', 'enum'),
        bodyEntry('generateImages', ['aspect_ratio'], 'pattern'),
        bodyEntry('createChatCompletion', ['messages', 0, 'role'], 'enum'),
        bodyEntry('createChatCompletion', ['tools'], 'not'),
        bodyEntry('resizeVolume', ['size_gb'], 'maximum'),
      ]),
    );
  });

  it('writes Markdown with one row per entry, and JSON with the counts', () => {
    const markdown = coverageMapMarkdown(map);
    expect(markdown).toContain(formatCoverageMapSummary(map));
    expect(markdown.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(map.entries.length);
    const json = JSON.parse(coverageMapJson(map)) as { counts: typeof map.counts; entries: unknown[] };
    expect(json.counts).toEqual(map.counts);
    expect(json.entries).toHaveLength(map.entries.length);
  });
});

describe('--report coverage FILE', () => {
  it('writes JSON to a .json file and Markdown to any other, after the run or when the pre-flight stops it', async () => {
    const { mkdtempSync, readFileSync: read } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { coverageMapReporter } = await import('../reporters/coverageMap.js');
    const dir = mkdtempSync(join(tmpdir(), 'coverage-map-'));
    await coverageMapReporter(join(dir, 'map.json')).onRunEnd?.({} as never);
    await coverageMapReporter(join(dir, 'map.md')).onRunError?.({} as never);
    expect(JSON.parse(read(join(dir, 'map.json'), 'utf8')).counts).toEqual(map.counts);
    expect(read(join(dir, 'map.md'), 'utf8')).toMatch(/^# Contract suite coverage map/);
  });
});
