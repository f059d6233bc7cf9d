import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions } from '../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    ...sharedWorkerOptions,
    include: ['src/**/*.test.{ts,tsx}'],
    // The simulator every sample and the site's "Try it" talk to, on free loopback ports.
    globalSetup: ['src/test/globalSetup.ts'],
    // Headless Chromium on a 2-core machine can take tens of seconds to start; a sample run starts Node and tsx.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
