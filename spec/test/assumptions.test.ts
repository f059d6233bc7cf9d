import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Json, loadBundle } from './loadBundle.js';

const doc = loadBundle();
const assumptionsText = readFileSync(new URL('../ASSUMPTIONS.md', import.meta.url), 'utf8');

/**
 * Keys whose values are data the API sends or takes (an example, an enum value, a default), never words about the
 * API: a transaction's `description` field in an example is the service's text, not the spec's.
 */
const dataKeys = new Set(['example', 'value', 'enum', 'const', 'default']);

/** Every object of the bundle that says something about the API, with its JSON pointer. */
function objectsOf(node: Json, pointer = ''): Array<{ pointer: string; object: Record<string, Json> }> {
  if (Array.isArray(node)) return node.flatMap((item, index) => objectsOf(item, `${pointer}/${index}`));
  if (!node || typeof node !== 'object') return [];
  return [
    { pointer: pointer || '/', object: node },
    ...Object.entries(node)
      // A schema's `examples` is an array of data; an operation's is a map of Example objects, whose words count.
      .filter(([key, value]) => !dataKeys.has(key) && !(key === 'examples' && Array.isArray(value)))
      .flatMap(([key, value]) =>
        objectsOf(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
      ),
  ];
}

const objects = objectsOf(doc);

function assumptionIdsInSpec(): Set<string> {
  return new Set(objects.map(({ object }) => object['x-assumption-id']).filter((id) => id !== undefined));
}

function assumptionIdsInDocument(): Set<string> {
  const headings = assumptionsText.match(/^### .+$/gm) ?? [];
  return new Set(
    headings.flatMap((heading) => heading.match(/`([a-z0-9-]+)`/g) ?? []).map((k) => k.slice(1, -1)),
  );
}

describe('ASSUMPTIONS.md', () => {
  it('explains every x-assumption-id the spec uses', () => {
    const documented = assumptionIdsInDocument();
    expect([...assumptionIdsInSpec()].filter((id) => !documented.has(id))).toEqual([]);
  });

  it('lists no assumption the spec no longer makes', () => {
    const used = assumptionIdsInSpec();
    expect([...assumptionIdsInDocument()].filter((id) => !used.has(id))).toEqual([]);
  });
});

describe('the words users and agents read', () => {
  // Descriptions reach the docs site, the generated types' JSDoc and the MCP tools an agent reads: they say what the
  // API does. What the service leaves open, and what the toolkit chose, is the x-assumption beside them.
  const internal = /\bassumed\b|interface document/i;

  it('no description, summary or title speaks of an assumption or of the interface document', () => {
    const found = objects.flatMap(({ pointer, object }) =>
      (['description', 'summary', 'title'] as const)
        .filter((key) => typeof object[key] === 'string' && internal.test(object[key]))
        .map((key) => `${pointer}/${key}: ${String(object[key]).slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });

  it('every x-assumption is a sentence that reads alone: not empty, not "Assumed: ...", no internal document', () => {
    const marked = objects.filter(({ object }) => 'x-assumption' in object);
    expect(marked.length).toBeGreaterThan(0);
    const broken = marked.flatMap(({ pointer, object }) => {
      const text = object['x-assumption'];
      if (typeof text !== 'string') return [`${pointer}: x-assumption must be a string (got ${typeof text})`];
      if (text.trim().length === 0) return [`${pointer}: x-assumption must not be empty`];
      if (/^assumed\b/i.test(text.trim())) return [`${pointer}: x-assumption must not start with "Assumed"`];
      if (/interface document/i.test(text))
        return [`${pointer}: x-assumption must not name the interface document`];
      if (!/[.)]$/.test(text.trim()))
        return [`${pointer}: x-assumption must end a sentence with a full stop`];
      return [];
    });
    expect(broken).toEqual([]);
  });

  it('marks each assumption with both its words (x-assumption) and its ASSUMPTIONS.md entry (x-assumption-id)', () => {
    const unpaired = objects.flatMap(({ pointer, object }) => {
      const hasWords = 'x-assumption' in object;
      const id = object['x-assumption-id'];
      if (hasWords && id === undefined) return [`${pointer}: x-assumption without x-assumption-id`];
      if (!hasWords && id !== undefined) return [`${pointer}: x-assumption-id ${id} without x-assumption`];
      if (id !== undefined && (typeof id !== 'string' || !/^[a-z0-9-]+$/.test(id)))
        return [
          `${pointer}: x-assumption-id must be a kebab-case key of ASSUMPTIONS.md (got ${JSON.stringify(id)})`,
        ];
      return [];
    });
    expect(unpaired).toEqual([]);
  });
});
