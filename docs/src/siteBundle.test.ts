import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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

  it("is the spec bundle plus the samples, each operation naming its server and the site's sections, nothing else", () => {
    const bundle = built();
    // The introduction is the spec's, then the site's sections (siteSections.test.ts checks them).
    expect(bundle.info.description.startsWith(spec.info.description.trimEnd())).toBe(true);
    expect(bundle.info.description.slice(spec.info.description.trimEnd().length)).toMatch(
      /^\n\n## OpenAI-style clients\n/,
    );
    bundle.info.description = spec.info.description;
    for (const operation of specOperations(spec)) {
      const method = operation.method.toLowerCase();
      const builtOperation = { ...bundle.paths[operation.path][method] };
      expect(builtOperation.servers).toEqual(spec.paths[operation.path].servers);
      for (const key of docsAdditions) delete builtOperation[key];
      bundle.paths[operation.path][method] = builtOperation;
    }
    expect(bundle).toEqual(spec);
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
