import type { ViteUserConfig } from 'vitest/config';

/**
 * Test options every workspace shares. The JSON report feeds the closing line of scripts/test.sh
 * (and is a turbo output, so a cached test task still reports its counts).
 */
export const sharedTestOptions = {
  reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest.json' }]],
} satisfies NonNullable<ViteUserConfig['test']>;

/**
 * For the packages whose test files run in one worker one after another (vitest gives a 2-core machine one worker):
 * the files share the worker and its loaded modules, not a fresh worker each (~0.9-1.9 s of CPU per file, measured by
 * vitest's own report in CI). CPU seconds of `vitest run` (user+sys), isolated -> shared: types 56 -> 39, query-core
 * 71 -> 50, mcp-server 69 -> 34, mock-server 80 -> 51, edge 20 -> 12, docs 94 -> 76, playground 60 -> 47, test-kit 16 -> 9,
 * spec 20 -> 18 (the local registry's and the install suites' few long files gain nothing). A file that changes what others see restores it
 * (vi.unstubAllGlobals, real timers) in its own afterEach, as every test file here does.
 */
export const sharedWorkerOptions = { isolate: false } satisfies NonNullable<ViteUserConfig['test']>;

/**
 * The checker of the workspaces whose `vitest run` type-checks their project and type tests (`*.test-d.ts`): the
 * `typecheck` bin of `tools/typecheck`, TypeScript 7, instead of vitest's default `tsc` (TypeScript 5.9). Both print
 * tsc's `--pretty false` format vitest reads; 7 takes about a quarter of 5.9's CPU (fetch-client's 12.8 CPU-s became
 * about 4). TypeScript 5.9 still reads the published declaration files: the release check type-checks a consumer with it.
 */
export const typeTestChecker = 'typecheck';
