import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pnpm, publicPackages, run } from './workspace.js';

/**
 * What a user gets from npm: every public package packed as it would be published, installed with plain npm into
 * a fresh project outside the workspace, then type-checked and run as ESM and as CommonJS against the mock.
 */
const consumerSources = fileURLToPath(new URL('./consumer/', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'inference-infra-consumer-'));
const tarballs = join(project, 'tarballs');
let mock: ChildProcess | undefined;
let mockAddresses = { baseUrl: '', platformUrl: '' };

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

beforeAll(() => {
  mkdirSync(tarballs);
  const dependencies: Record<string, string> = {};
  for (const pkg of publicPackages()) {
    run(pnpm, ['pack', '--pack-destination', tarballs], pkg.dir);
    const tarball = readdirSync(tarballs).find((file) =>
      file.startsWith(pkg.name.replace('@', '').replace('/', '-')),
    );
    if (!tarball) throw new Error(`pnpm pack made no tarball for ${pkg.name}`);
    dependencies[pkg.name] = `file:tarballs/${tarball}`;
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      dependencies: {
        ...dependencies,
        react: '19.3.1',
        '@tanstack/react-query': '5.108.0',
        typescript: '5.9.3',
        '@types/node': '20.19.43',
        '@types/react': '19.3.0',
      },
    }),
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], project);
  for (const file of ['esm.mts', 'cjs.cts', 'bundler.ts'])
    copyFileSync(join(consumerSources, file), join(project, file));
}, 600_000);

afterAll(() => {
  mock?.kill('SIGTERM');
  rmSync(project, { recursive: true, force: true });
});

describe('a consumer of the packed packages', () => {
  it('type-checks with moduleResolution node16, as ESM and as CommonJS', () => {
    tsconfig('tsconfig.node16.json', { module: 'node16', moduleResolution: 'node16', outDir: 'out' }, [
      'esm.mts',
      'cjs.cts',
    ]);
    expect(() =>
      run(join(project, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.node16.json'], project),
    ).not.toThrow();
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
    mock = spawn(
      join(project, 'node_modules/.bin/inference-infra-mock'),
      ['--port', '0', '--platform-port', '0'],
      {
        cwd: project,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output = await new Promise<string>((resolve, reject) => {
      let text = '';
      mock?.stdout?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('Platform base address')) resolve(text);
      });
      mock?.once('exit', (code) => reject(new Error(`the mock exited with ${code}: ${text}`)));
    });
    mockAddresses = {
      baseUrl: /baseURL\): (\S+)/.exec(output)?.[1] ?? '',
      platformUrl: /Platform base address:\s+(\S+)/.exec(output)?.[1] ?? '',
    };
    expect(mockAddresses.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  }, 120_000);

  it('runs an ESM script and a CommonJS script that call the API through the fetch client', () => {
    // Compile the consumers as users would, then run the emitted .mjs and .cjs with plain node.
    tsconfig(
      'tsconfig.emit.json',
      { module: 'node16', moduleResolution: 'node16', outDir: 'out', noEmit: false },
      ['esm.mts', 'cjs.cts'],
    );
    run(join(project, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.emit.json'], project);
    const env = {
      INFERENCE_INFRA_API_KEY: 'ii_live_consumer',
      INFERENCE_INFRA_BASE_URL: mockAddresses.baseUrl,
      INFERENCE_INFRA_PLATFORM_URL: mockAddresses.platformUrl,
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

  it('runs the contract-tests CLI from the installed tarball against its own mock', () => {
    const output = run(join(project, 'node_modules/.bin/inference-infra-contract-tests'), [], project);
    expect(output).toMatch(/0 failed/);
  }, 300_000);
});
