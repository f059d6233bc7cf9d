import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBundle } from './loadBundle.js';

describe('the spec version', () => {
  it('is the version of the types package, as the release step keeps it (scripts/syncSpecVersion.mjs)', () => {
    const types = JSON.parse(
      readFileSync(new URL('../../packages/types/package.json', import.meta.url), 'utf8'),
    );
    expect(loadBundle().info.version).toBe(types.version);
  });
});
