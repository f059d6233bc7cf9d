import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBundle } from './loadBundle.js';

const doc = loadBundle();
const assumptionsText = readFileSync(new URL('../ASSUMPTIONS.md', import.meta.url), 'utf8');

function assumptionKeysInSpec(): Set<string> {
  const keys = new Set<string>();
  JSON.stringify(doc, (key, value) => {
    if (key === 'x-assumption') keys.add(value);
    return value;
  });
  return keys;
}

function assumptionKeysInDocument(): Set<string> {
  const headings = assumptionsText.match(/^### .+$/gm) ?? [];
  return new Set(
    headings.flatMap((heading) => heading.match(/`([a-z0-9-]+)`/g) ?? []).map((k) => k.slice(1, -1)),
  );
}

describe('ASSUMPTIONS.md', () => {
  it('explains every x-assumption the spec uses', () => {
    const documented = assumptionKeysInDocument();
    expect([...assumptionKeysInSpec()].filter((key) => !documented.has(key))).toEqual([]);
  });

  it('lists no assumption the spec no longer makes', () => {
    const used = assumptionKeysInSpec();
    expect([...assumptionKeysInDocument()].filter((key) => !used.has(key))).toEqual([]);
  });

  it('marks every assumption in the spec text too, with a sentence starting "Assumed:"', () => {
    const text = JSON.stringify(doc);
    expect(text.match(/Assumed:/g)?.length ?? 0).toBeGreaterThanOrEqual(assumptionKeysInSpec().size);
  });
});
