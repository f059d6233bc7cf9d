import { describe, expect, it } from 'vitest';
import { laxCandidates } from './outOfSpecValues.js';

describe('laxCandidates', () => {
  it('offers what a lax parser would coerce into an integer: its string and a fraction', () => {
    expect(laxCandidates({ type: 'integer', minimum: 256 }, 256).map((c) => c.value)).toEqual(['256', 256.7]);
  });

  it('offers an enum value in another case, never one of the enum', () => {
    const [candidate] = laxCandidates({ type: 'string', enum: ['url', 'b64_json'] }, 'b64_json');
    expect(candidate).toMatchObject({ rule: 'enum', value: 'B64_JSON' });
  });

  it('offers each part of zero of a W:H pattern, from a sample when no valid value is known', () => {
    const values = laxCandidates({ type: 'string', pattern: '^[1-9][0-9]*:[1-9][0-9]*$' }, undefined).map(
      (c) => c.value,
    );
    expect(values).toEqual(['0:1', '1:0']);
  });
});
