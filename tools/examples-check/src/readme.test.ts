import { describe, expect, it } from 'vitest';
import { sampleMismatch } from './readme.ts';

describe('sampleMismatch', () => {
  const sample = 'cheapest H100: it_h100 at $1.64 (req_...)\n...\nchat: Simulated ...';

  it('matches output where `...` stands for lines, or for the rest of a line', () => {
    expect(
      sampleMismatch(sample, 'cheapest H100: it_h100 at $1.64 (req_1)\nchat: Simulated reply'),
    ).toBeUndefined();
    expect(
      sampleMismatch(sample, 'cheapest H100: it_h100 at $1.64 (req_1)\na\nb\nchat: Simulated x\n'),
    ).toBeUndefined();
  });

  it('names the first line of the sample that the output does not hold', () => {
    expect(sampleMismatch(sample, 'cheapest H100: it_h100 at $2.49 (req_1)\nchat: Simulated')).toBe(
      'cheapest H100: it_h100 at $1.64 (req_...)',
    );
    expect(sampleMismatch(sample, 'cheapest H100: it_h100 at $1.64 (req_1)\nno chat')).toBe(
      'chat: Simulated ...',
    );
    // Regular-expression characters in the sample are text.
    expect(sampleMismatch('price $1.64', 'price $1x64')).toBe('price $1.64');
  });

  it('holds every line of the output to the sample: an extra last line is a mismatch', () => {
    expect(sampleMismatch('a\nb', 'a\nb\nc')).toBe('b');
  });
});
