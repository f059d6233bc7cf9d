import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../vitest.shared.js';

// Installs from the registry and packs real tarballs: slow, so one file at a time and generous timeouts. The global
// setup packs and installs once for every file; the runtime matrix's processes each get their own timeout.
export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
