import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    ...sharedWorkerOptions,
    // The shipped suite runs here too, as a plain vitest file, against the mock the global setup starts.
    include: ['src/**/*.test.ts', 'src/suite/contract.suite.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    // The CLI tests start vitest (and once Prism) in a child process: generous, since the machine is shared.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
