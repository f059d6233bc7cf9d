import { describe, expect, it } from 'vitest';
import { commitOf } from './refBuild.js';

// bench:compare itself installs and builds a whole checkout (minutes): run by hand, never in CI. Its first step is
// cheap and is what a typo meets.
describe('bench:compare', () => {
  it('resolves a ref to its commit, and refuses one that names none with a sentence saying so', () => {
    expect(commitOf('HEAD')).toMatch(/^[0-9a-f]{40}$/);
    expect(() => commitOf('no-such-ref-of-this-repo')).toThrow(
      '"no-such-ref-of-this-repo" names no commit of this repository (try a branch, a tag or a commit hash)',
    );
  });
});
