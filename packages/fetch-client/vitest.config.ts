import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions, typeTestChecker } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    ...sharedWorkerOptions,
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    testTimeout: 15_000,
    hookTimeout: 90_000,
    typecheck: {
      enabled: true,
      checker: typeTestChecker,
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
