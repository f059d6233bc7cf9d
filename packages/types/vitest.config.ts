import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions, typeTestChecker } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    ...sharedWorkerOptions,
    include: ['src/**/*.test.ts'],
    // Type tests (`*.test-d.ts`) run with the others: `vitest run` type-checks them with tsc.
    typecheck: {
      enabled: true,
      checker: typeTestChecker,
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    // Regenerating the types runs openapi-typescript twice per test file: more than the default 5 s on a busy machine.
    testTimeout: 30_000,
  },
});
