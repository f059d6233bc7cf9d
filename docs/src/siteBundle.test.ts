import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  assumptionNote,
  assumptionNoteLead,
  assumptionNoteSummary,
  forReaders,
  withAssumptionNotes,
} from './assumptionNotes.js';
import { guidesLine, readGuides } from './guides/guides.js';
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

  it('shows every x-assumption of the spec in the one collapsed note of a page that shows it, in words for readers', () => {
    const bundle = built();
    const texts: string[] = [];
    const collect = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (typeof object['x-assumption'] === 'string') texts.push(object['x-assumption']);
      for (const [key, value] of Object.entries(object))
        if (key !== 'examples' && key !== 'example') collect(value);
    };
    collect(spec);
    // Operations, schemas, properties, responses, headers, server variables and the security scheme all carry one.
    expect(texts.length).toBeGreaterThan(50);
    const pages = [
      bundle.info.description as string,
      ...specOperations(spec).map(
        (operation) => bundle.paths[operation.path][operation.method.toLowerCase()].description as string,
      ),
    ];
    for (const page of pages) expect(page.split('<details>').length - 1).toBeLessThanOrEqual(1);
    const notes = pages.join('\n');
    for (const text of texts) expect(notes, text).toContain(forReaders(text));
    // What the site shows never sends a reader to the spec's own files or extensions, nor puts a note anywhere else.
    const shown: string[] = [];
    const descriptions = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        if (key === 'description' && typeof value === 'string') shown.push(value);
        else if (!key.startsWith('x-')) descriptions(value);
      }
    };
    descriptions(bundle);
    for (const text of shown) {
      expect(text).not.toMatch(/x-assumption|ASSUMPTIONS\.md|Toolkit assumption/);
      if (!pages.includes(text)) expect(text).not.toContain(assumptionNoteSummary);
    }
    expect(assumptionNote([{ label: '`size_gb`', text: 'The service says\nnothing.' }])).toBe(
      `<details>\n<summary>${assumptionNoteSummary}</summary>\n\n${assumptionNoteLead}\n\n- \`size_gb\`: The service says nothing.\n\n</details>`,
    );
  });

  it("is the spec bundle plus the samples, each operation naming its server, the notes, the guides and the site's sections, nothing else", () => {
    const bundle = built();
    const annotated = withAssumptionNotes(spec);
    const guides = readGuides();
    // The introduction: the guides' line, the spec's with its note, then the site's sections (siteSections.test.ts).
    const opening = `${guidesLine(guides)}\n\n${annotated.info.description.trimEnd()}`;
    expect(bundle.info.description.startsWith(opening)).toBe(true);
    expect(bundle.info.description.slice(opening.length)).toMatch(/^\n\n## OpenAI-style clients\n/);
    bundle.info.description = annotated.info.description;
    // The guides: tags of their own, before the spec's, in a group of their own.
    expect(bundle.tags.slice(0, guides.length)).toEqual(
      guides.map((guide) => ({ name: guide.title, description: guide.body })),
    );
    bundle.tags = bundle.tags.slice(guides.length);
    expect(bundle['x-tagGroups']).toEqual([
      { name: 'Guides', tags: guides.map((guide) => guide.title) },
      { name: 'API reference', tags: spec.tags.map((tag: { name: string }) => tag.name) },
    ]);
    delete bundle['x-tagGroups'];
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
