import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['src/**/*.test.ts'],
    // One simulator for every example that talks to the API, on free loopback ports, always stopped.
    globalSetup: ['src/test/globalSetup.ts'],
    // tsc over every block, tsx runs and headless Chromium on a 2-core machine: seconds each, never minutes.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
