import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['src/**/*.test.ts'],
    // Real npm publishes and installs through a real registry: seconds each, more on a loaded 2-core machine, where
    // vitest's 5 s default timed out.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
