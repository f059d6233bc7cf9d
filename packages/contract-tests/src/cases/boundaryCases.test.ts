import { describe, expect, it } from 'vitest';
import { loadContractSpec } from '../model/spec.js';
import { boundaryCases } from './boundaryCases.js';

const spec = loadContractSpec();

describe('boundaryCases', () => {
  it('answers query values on each bound, which must be accepted, only for operations that change nothing', () => {
    expect(boundaryCases(spec).map((c) => c.description)).toEqual([
      'gpu_count=0 (an integer the spec allows, with no lower bound)',
      'limit=1 (its minimum)',
      'limit=100 (its maximum)',
      'offset=0 (its minimum)',
    ]);
  });
});
