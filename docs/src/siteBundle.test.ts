import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assumptionNote, withAssumptionNotes } from './assumptionNotes.js';
import { codeSamplesOf } from './samples/codeSamples.js';
import { scalarConfiguration } from './scalarPage.js';
import { specOperations } from './specOperations.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const spec = createRequire(import.meta.url)('@inference-infra/spec/openapi.json');

/** The docs' own additions to an operation; everything else must be the spec's, untouched. */
const docsAdditions = ['x-codeSamples', 'servers', 'x-scalar-selected-server'];

describe('the built site (dist/)', () => {
  const built = () => {
    if (!existsSync(`${distDir}/openapi.json`)) {
      throw new Error(
        'docs/dist/openapi.json is missing: run `pnpm --filter @inference-infra/docs build` first.',
      );
    }
    return JSON.parse(readFileSync(`${distDir}/openapi.json`, 'utf8'));
  };

  it('shows exactly the samples the tests run, on every operation', () => {
    const bundle = built();
    for (const operation of specOperations(spec)) {
      const shown = bundle.paths[operation.path][operation.method.toLowerCase()]['x-codeSamples'];
      const run = codeSamplesOf(operation).map(({ lang, label, source }) => ({ lang, label, source }));
      expect(shown, operation.operationId).toEqual(run);
    }
  });

  it('shows every x-assumption of the spec as a note under the description of its object', () => {
    const bundle = built();
    const marked: string[] = [];
    const visit = (source: unknown, shown: unknown, at: string) => {
      if (!source || typeof source !== 'object' || !shown || typeof shown !== 'object') return;
      const object = source as Record<string, unknown>;
      const assumption = object['x-assumption'];
      if (typeof assumption === 'string') {
        marked.push(at);
        const description = String((shown as Record<string, unknown>).description);
        const expected = `${typeof object.description === 'string' ? `${object.description.trimEnd()}\n\n` : ''}${assumptionNote(assumption)}\n`;
        // The introduction goes on with the site's own sections after its note.
        if (at === '/info') expect(description.startsWith(expected.trimEnd()), at).toBe(true);
        else expect(description, at).toBe(expected);
      }
      for (const [key, value] of Object.entries(object))
        visit(value, (shown as Record<string, unknown>)[key], `${at}/${key}`);
    };
    visit(spec, bundle, '');
    // Operations, schemas, properties, responses, headers, server variables and the security scheme all carry one.
    expect(marked.length).toBeGreaterThan(50);
    expect(assumptionNote('The service says nothing.')).toBe(
      '> [!NOTE]\n> **Toolkit assumption:** The service says nothing.',
    );
  });

  it("is the spec bundle plus the samples, each operation naming its server, the notes and the site's sections, nothing else", () => {
    const bundle = built();
    const annotated = withAssumptionNotes(spec);
    // The introduction is the spec's with its note, then the site's sections (siteSections.test.ts checks them).
    expect(bundle.info.description.startsWith(annotated.info.description.trimEnd())).toBe(true);
    expect(bundle.info.description.slice(annotated.info.description.trimEnd().length)).toMatch(
      /^\n\n## OpenAI-style clients\n/,
    );
    bundle.info.description = annotated.info.description;
    for (const operation of specOperations(spec)) {
      const method = operation.method.toLowerCase();
      const builtOperation = { ...bundle.paths[operation.path][method] };
      expect(builtOperation.servers).toEqual(annotated.paths[operation.path].servers);
      for (const key of docsAdditions) delete builtOperation[key];
      bundle.paths[operation.path][method] = builtOperation;
    }
    expect(bundle).toEqual(annotated);
  });

  it('configures Scalar to keep no key, load no remote font and use no proxy', () => {
    expect(scalarConfiguration).toMatchObject({
      persistAuth: false,
      withDefaultFonts: false,
      telemetry: false,
    });
    expect(scalarConfiguration).not.toHaveProperty('proxyUrl');
    expect(scalarConfiguration).not.toHaveProperty('proxy');
    const page = readFileSync(`${distDir}/index.html`, 'utf8');
    expect(page).toContain('"persistAuth": false');
    expect(page).not.toMatch(/https?:\/\//);
  });
});
