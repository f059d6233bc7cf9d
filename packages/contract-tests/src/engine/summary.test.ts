import { describe, expect, it } from 'vitest';
import { formatSummary } from './summary.js';

describe('formatSummary', () => {
  it('counts a failure without repeating it: the console printed it in full, with its reproduction, just above', () => {
    const text = formatSummary({ kind: 'bundled-mock' } as Parameters<typeof formatSummary>[0], {
      passed: 3,
      failed: [
        {
          name: 'listInstanceTypes › sorts',
          message: 'expected ascending\nmore',
          reproduction: 'reproduce: curl',
        },
      ],
      skipped: new Map(),
      errors: [],
      coverage: {
        operations: { exercised: 1, total: 6 },
        statuses: { exercised: 2, total: 20 },
        notExercised: [],
      },
      seed: 7,
    });
    expect(text).toContain('4 checks: 3 passed, 1 failed, 0 skipped');
    expect(text).toContain('FAIL: 1 checks failed (exit 1)');
    expect(text).not.toContain('listInstanceTypes › sorts');
    expect(text).not.toContain('expected ascending');
  });
});
