import type { ViteUserConfig } from 'vitest/config';

/**
 * Test options every workspace shares. The JSON report feeds the closing line of scripts/test.sh
 * (and is a turbo output, so a cached test task still reports its counts).
 */
export const sharedTestOptions = {
  reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest.json' }]],
} satisfies NonNullable<ViteUserConfig['test']>;
