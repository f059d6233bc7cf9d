import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    ...sharedWorkerOptions,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    // Headless Chromium on a 2-core machine can take many seconds to start; each step waits on real HTTP.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default; a busy machine can take longer to answer and repaint.
    expect: { poll: { timeout: 10_000 } },
  },
});
