import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions } from '../../vitest.shared.js';

export default defineConfig({
  test: { ...sharedTestOptions, ...sharedWorkerOptions, include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
