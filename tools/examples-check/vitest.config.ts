import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['src/**/*.test.ts'],
    // The registry with today's build and the simulator, once for the run, always stopped.
    globalSetup: ['src/test/globalSetup.ts'],
    // One example at a time: an install, a build (Next.js takes a minute of both cores) and a run each.
    fileParallelism: false,
    // Installs go through the local registry to the npm registry: minutes on a loaded 2-core machine, never hours.
    testTimeout: 10 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
