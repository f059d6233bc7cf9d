import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['src/**/*.test.ts'],
    // Headless Chromium on a 2-core machine can take tens of seconds to start and hydrate the 2.5 MB page.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
