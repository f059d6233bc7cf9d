import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { specJsonPath, specYamlPath } from '../scripts/specBundle.js';

// Resolved by the package's own name, through its `exports` map, as a partner's tooling would: this needs `build`
// (turbo runs it before `test`), which copies the bundle into dist/.
const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('the published package', () => {
  it('ships the bundled spec, byte for byte, as @inference-infra/types/openapi.json and /openapi.yaml', () => {
    const json = require.resolve('@inference-infra/types/openapi.json');
    const yaml = require.resolve('@inference-infra/types/openapi.yaml');
    expect(readFileSync(json, 'utf8')).toBe(readFileSync(specJsonPath, 'utf8'));
    expect(readFileSync(yaml, 'utf8')).toBe(readFileSync(specYamlPath, 'utf8'));
  });

  it('exports ESM and CommonJS, each with its declarations first, and is free of side effects', () => {
    expect(manifest.type).toBe('module');
    expect(manifest.sideEffects).toBe(false);
    expect(Object.keys(manifest.exports['.'])).toEqual(['import', 'require']);
    expect(Object.keys(manifest.exports['.'].import)).toEqual(['types', 'default']);
    expect(Object.keys(manifest.exports['.'].require)).toEqual(['types', 'default']);
    // Node gets the build with zod mini inside (a fast cold import); bundlers get the one that imports zod.
    expect(manifest.exports['./request-validation']).toEqual({
      node: {
        import: { types: './dist/request-validation.d.ts', default: './dist/node/request-validation.js' },
        require: { types: './dist/request-validation.d.cts', default: './dist/node/request-validation.cjs' },
      },
      import: { types: './dist/request-validation.d.ts', default: './dist/request-validation.js' },
      require: { types: './dist/request-validation.d.cts', default: './dist/request-validation.cjs' },
    });
    expect(manifest.exports['./spec-model']).toEqual({
      import: { types: './dist/spec-model.d.ts', default: './dist/spec-model.js' },
      require: { types: './dist/spec-model.d.cts', default: './dist/spec-model.cjs' },
    });
    expect(Object.keys(manifest.exports)).toEqual([
      '.',
      './request-validation',
      './spec-model',
      './openapi.json',
      './openapi.yaml',
      './package.json',
    ]);
  });

  it('loads from dist with the runtime exports', async () => {
    const entry = await import('@inference-infra/types');
    expect(Object.keys(entry).sort()).toEqual([
      'describeZodIssues',
      'formatZodError',
      'requestSchemas',
      'responseSchemas',
      'schemas',
    ]);
    expect(entry.requestSchemas.resizeVolume.body.safeParse({ size_gb: 500 }).success).toBe(true);
  });

  it("builds the validators twice: importing zod for bundlers, carrying zod mini's parts for Node", () => {
    const forBundlers = readFileSync(new URL('../dist/request-validation.js', import.meta.url), 'utf8');
    const forNode = readFileSync(new URL('../dist/node/request-validation.js', import.meta.url), 'utf8');
    expect(forBundlers).toMatch(/^import \* as z from 'zod\/v4\/mini';$/m);
    expect(forNode).not.toMatch(/from ['"]zod/);
    expect(require.resolve('@inference-infra/types/request-validation')).toMatch(
      /dist\/node\/request-validation\.cjs$/,
    );
  });

  it('loads the zod mini request validators from dist, in ESM and CommonJS', async () => {
    const esm = await import('@inference-infra/types/request-validation');
    const cjs = require('@inference-infra/types/request-validation');
    for (const entry of [esm, cjs]) {
      expect(Object.keys(entry).sort()).toEqual([
        'describeRequestIssues',
        'requestValidators',
        'validateRequest',
      ]);
      expect(entry.validateRequest('resizeVolume', { path: { id: 'v' }, body: { size_gb: 9 } })).toHaveLength(
        1,
      );
    }
  });

  it('loads the spec model from dist, in ESM and CommonJS, reading the bundle it ships', async () => {
    const esm = await import('@inference-infra/types/spec-model');
    const cjs = require('@inference-infra/types/spec-model');
    const bundle = JSON.parse(readFileSync(require.resolve('@inference-infra/types/openapi.json'), 'utf8'));
    for (const entry of [esm, cjs]) {
      const model = entry.specModelOf(bundle);
      expect(model.operation('resizeVolume')).toMatchObject({
        method: 'PATCH',
        path: '/api/v1/storage/{id}',
        surface: 'platform',
        stateChanging: true,
      });
    }
  });

  it('needs only zod at run time', () => {
    expect(Object.keys(manifest.dependencies)).toEqual(['zod']);
  });
});
