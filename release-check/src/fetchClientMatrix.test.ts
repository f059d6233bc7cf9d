import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runChecksInChromium } from './chromiumCell.js';
import { type InstalledMock, startInstalledMock } from './installedMock.js';
import { installedRuntime } from './runtimes.js';
import { fetchFromWorkerd } from './workerdCell.js';
import { run } from './workspace.js';

/**
 * The runtime matrix of the released fetch client: the same checks (consumer/fetchClientChecks.mjs: a plain call, a
 * stream aborted after its first chunk, paging to the end, typed errors, the browser key guard) run by each runtime as a real process, on
 * the package npm installed by name from the registry, against the installed mock. Each cell uses its own key, so its own
 * workspace of the simulator.
 */
const project = inject('consumerProject');
const matrixDir = join(project, 'matrix');
const consumerSources = fileURLToPath(new URL('./consumer/', import.meta.url));
let mock: InstalledMock;

/** What every runtime must report: the simulator's seeded catalogue and ledger (317 transactions by default). */
const expectedChecks = {
  plainCall: { count: 8, gpuTypes: ['H100'], cheapest: 1.64, requestId: true },
  streamWithAbort: { chunks: 1, error: 'APIUserAbortError' },
  paging: { pages: 4, count: 317, distinct: 317, total: 317 },
  typedErrors: { refused: 'RequestValidationError', missing: 'NotFoundError 404' },
};
/** Servers and workers have no page, so a key is theirs to hold; a browser page refuses it without the flag. */
const keyAllowed = { keyGuard: { keyWithoutFlag: 'created', keyless: 'created' } };
const keyRefusedInPage = {
  keyGuard: { keyWithoutFlag: 'ClientConfigError, naming dangerouslyAllowBrowser', keyless: 'created' },
};

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
/** Wall time per cell, for the CI budget: setup is the bundling (workerd, Chromium); run is the process itself. */
const report = (cell: string, times: string) =>
  console.log(`[runtime matrix] fetch client on ${cell}: ${times}`);

/** A user's bundler over the installed package: esbuild from the consumer project, one ESM file, browser platform. */
function bundle(entry: string, outfile: string, conditions: string[]) {
  run(
    join(project, 'node_modules/.bin/esbuild'),
    [
      entry,
      '--bundle',
      '--format=esm',
      '--platform=browser',
      '--target=es2022',
      ...conditions.map((condition) => `--conditions=${condition}`),
      `--outfile=${outfile}`,
      '--log-level=warning',
    ],
    matrixDir,
  );
}

beforeAll(async () => {
  mkdirSync(matrixDir, { recursive: true });
  for (const file of ['fetchClientChecks.mjs', 'cli.mjs', 'worker.mjs', 'browser.mjs'])
    copyFileSync(join(consumerSources, file), join(matrixDir, file));
  mock = await startInstalledMock(project);
});

afterAll(async () => {
  await mock?.stop();
});

const addresses = (key: string) => [mock.baseUrl, mock.platformUrl, `ii_live_${key}`];

/** How each command-line runtime runs cli.mjs; Deno gets loopback only, and npm packages only from node_modules. */
const commandLines: Record<string, { args: string[]; env?: NodeJS.ProcessEnv }> = {
  node20: { args: ['cli.mjs'] },
  node22: { args: ['cli.mjs'] },
  node24: { args: ['cli.mjs'] },
  // --no-install: a missing import must fail, not be fetched by Bun's auto-install.
  bun: { args: ['--no-install', 'cli.mjs'] },
  deno: {
    args: ['run', '--node-modules-dir=manual', '--cached-only', '--allow-net=127.0.0.1', 'cli.mjs'],
    env: { DENO_DIR: join(project, '.deno'), DENO_NO_UPDATE_CHECK: '1' },
  },
};

describe('the released fetch client on every runtime', () => {
  it.each(Object.keys(commandLines))('passes the checks on %s', (name) => {
    const started = performance.now();
    const runtime = installedRuntime(name);
    const { args, env } = commandLines[name] ?? { args: [] };
    const result = spawnSync(runtime.executable, [...args, ...addresses(name)], {
      cwd: matrixDir,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    report(`${name} ${runtime.version}`, `run ${seconds(started)}`);
    expect(result.status, `${name} failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
    const runtimeName = name.replace(/\d+$/, '');
    expect(JSON.parse(result.stdout)).toEqual({
      runtime: `${runtimeName} ${runtime.version}`,
      ...expectedChecks,
      ...keyAllowed,
    });
  });

  it('refuses to run without the mock addresses, saying what it needs', () => {
    const result = spawnSync(installedRuntime('node24').executable, ['cli.mjs', mock.baseUrl], {
      cwd: matrixDir,
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: <runtime> cli.mjs <baseUrl> <platformUrl> <apiKey>');
  });

  it('passes the checks on workerd, bundled as a module worker that reaches only loopback', async () => {
    const started = performance.now();
    const runtime = installedRuntime('workerd');
    const dir = join(matrixDir, 'workerd');
    mkdirSync(dir, { recursive: true });
    bundle('worker.mjs', 'workerd/worker.js', ['workerd', 'worker']);
    const setup = seconds(started);
    const ranFrom = performance.now();
    const [baseUrl = '', platformUrl = '', apiKey = ''] = addresses('workerd');
    const results = await fetchFromWorkerd(runtime.executable, dir, {
      BASE_URL: baseUrl,
      PLATFORM_URL: platformUrl,
      API_KEY: apiKey,
    });
    report(`workerd ${runtime.version}`, `setup ${setup}, run ${seconds(ranFrom)}`);
    expect(results).toEqual({ runtime: 'Cloudflare-Workers', ...expectedChecks, ...keyAllowed });
  });

  it('passes the checks in headless Chromium, bundled for the browser, with no request past loopback', async () => {
    const started = performance.now();
    const dir = join(matrixDir, 'chromium');
    mkdirSync(dir, { recursive: true });
    bundle('browser.mjs', 'chromium/checks.js', []);
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><meta charset="utf-8"><title>runtime matrix</title><link rel="icon" href="data:,">\n' +
        '<pre id="results"></pre><script type="module" src="./checks.js"></script>\n',
    );
    const setup = seconds(started);
    const ranFrom = performance.now();
    const [baseUrl = '', platformUrl = '', apiKey = ''] = addresses('chromium');
    const { results, problems, version } = await runChecksInChromium(dir, { baseUrl, platformUrl, apiKey });
    report(`Chromium ${version}`, `setup ${setup}, run ${seconds(ranFrom)}`);
    expect(results).toEqual({
      runtime: expect.stringMatching(/HeadlessChrome\/\d+/),
      ...expectedChecks,
      ...keyRefusedInPage,
    });
    expect([...problems.requestsPastLoopback]).toEqual([]);
    expect(problems.consoleErrors.filter((text) => text.startsWith('uncaught'))).toEqual([]);
  });
});
