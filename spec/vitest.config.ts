import { defineConfig } from 'vitest/config';
import { sharedTestOptions, sharedWorkerOptions } from '../vitest.shared.js';

export default defineConfig({
  test: { ...sharedTestOptions, ...sharedWorkerOptions, include: ['test/**/*.test.ts'] },
});
