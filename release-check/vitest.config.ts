import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../vitest.shared.js';

// Installs from the registry and packs real tarballs: slow, so one file at a time and generous timeouts.
export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
