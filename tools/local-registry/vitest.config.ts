import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.js';

export default defineConfig({
  test: { ...sharedTestOptions, include: ['src/**/*.test.ts'] },
});
