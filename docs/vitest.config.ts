import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{js,ts}'],
    // A headless Chromium on a 2-core machine can take tens of seconds to start and render the 2.5 MB page.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
