import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions, typeTestChecker } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    ...sharedWorkerOptions,
    include: ['src/**/*.test.{ts,tsx}'],
    // Hooks render into a DOM. happy-dom also brings a browser-like fetch (with CORS, from http://localhost:3000):
    // requests are still real HTTP to the mock, made the way a page makes them.
    environment: 'happy-dom',
    globalSetup: ['src/test/globalSetup.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 15_000,
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 90_000,
    typecheck: {
      enabled: true,
      checker: typeTestChecker,
      include: ['src/**/*.test-d.{ts,tsx}'],
      tsconfig: './tsconfig.json',
    },
  },
});
