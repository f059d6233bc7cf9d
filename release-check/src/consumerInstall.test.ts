import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type InstalledMock, startInstalledMock } from './installedMock.js';
import { publicPackages, run } from './workspace.js';

/**
 * What a user gets from npm: every public package released into a local registry and installed by name with npm into
 * a fresh project outside the workspace (the global setup does both once), then type-checked and run as ESM and as
 * CommonJS against the mock. The contract-tests CLI runs in the runtime matrix, on every Node line.
 */
const consumerSources = fileURLToPath(new URL('./consumer/', import.meta.url));
const project = inject('consumerProject');
let mock: InstalledMock | undefined;

function tsconfig(name: string, compilerOptions: Record<string, unknown>, files: string[]) {
  writeFileSync(
    join(project, name),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        target: 'ES2022',
        types: ['node'],
        ...compilerOptions,
      },
      files,
    }),
  );
}

let node16Compile: (() => void) | undefined;
/**
 * The node16 consumers compiled once, as users would, into out/: one tsc run both type-checks them (tsc fails on a type
 * error whether or not it emits) and emits the .mjs and .cjs that are then run, where a type-check and an emit of the
 * same program were two. A failure is kept and thrown to every test that asks.
 */
function compileNode16(): void {
  if (!node16Compile) {
    tsconfig(
      'tsconfig.node16.json',
      { module: 'node16', moduleResolution: 'node16', outDir: 'out', noEmit: false },
      ['esm.mts', 'cjs.cts'],
    );
    try {
      run(join(project, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.node16.json'], project);
      node16Compile = () => {};
    } catch (error) {
      node16Compile = () => {
        throw error;
      };
    }
  }
  node16Compile();
}

beforeAll(() => {
  for (const file of ['esm.mts', 'cjs.cts', 'bundler.ts'])
    copyFileSync(join(consumerSources, file), join(project, file));
});

afterAll(async () => {
  await mock?.stop();
});

describe('a consumer of the released packages', () => {
  it('gets the MIT license with every package', () => {
    const license = readFileSync(fileURLToPath(new URL('../../LICENSE', import.meta.url)), 'utf8');
    expect(license).toMatch(/^MIT License/);
    for (const { name } of publicPackages())
      expect(readFileSync(join(project, 'node_modules', name, 'LICENSE'), 'utf8'), name).toBe(license);
  });

  it('type-checks with moduleResolution node16, as ESM and as CommonJS', () => {
    expect(compileNode16).not.toThrow();
  });

  it('type-checks with moduleResolution bundler', () => {
    tsconfig('tsconfig.bundler.json', { module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx' }, [
      'bundler.ts',
    ]);
    expect(() =>
      run(join(project, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.bundler.json'], project),
    ).not.toThrow();
  });

  it('starts the mock from the installed package', async () => {
    mock = await startInstalledMock(project);
    expect(mock.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(mock.platformUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  }, 120_000);

  it('runs an ESM script and a CommonJS script that call the API through the fetch client', () => {
    // The consumers as users compile them (the node16 type-check's own run), then the emitted .mjs and .cjs run with
    // plain node.
    compileNode16();
    const env = {
      INFERENCE_INFRA_API_KEY: 'ii_live_consumer',
      INFERENCE_INFRA_BASE_URL: mock?.baseUrl,
      INFERENCE_INFRA_PLATFORM_URL: mock?.platformUrl,
    };
    const esm = JSON.parse(run('node', ['out/esm.mjs'], project, env));
    // The simulator's catalogue: the cheapest H100 is the eu-west-1 spot one.
    expect(esm).toEqual({ esm: true, cheapest: 1.64, embeddings: 2 });
    const cjs = JSON.parse(run('node', ['out/cjs.cjs'], project, env));
    expect(cjs).toEqual({
      cjs: true,
      text: expect.stringMatching(/^Simulated reply to "What is a persistent volume\?": \S/),
      transactions: 10,
      refusal: 'limit: must be at most 100 (got 101)',
    });
  });
});
