import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions, typeTestChecker } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    ...sharedWorkerOptions,
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    testTimeout: 15_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 10_000 } },
    typecheck: {
      enabled: true,
      checker: typeTestChecker,
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
