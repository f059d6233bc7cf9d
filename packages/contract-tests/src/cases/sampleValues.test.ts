import { describe, expect, it } from 'vitest';
import { contractSpecOf } from '../model/spec.js';
import { smallSpec } from '../test/smallSpec.js';
import { sampleOf, sampleOfPattern } from './sampleValues.js';

describe('sampleOf', () => {
  const schemas = {
    constant: { type: 'string', const: 'text', enum: ['x'] },
    enumerated: { type: 'string', enum: ['url', 'b64_json'], default: 'b64_json' },
    defaulted: { type: 'integer', minimum: 1, default: 7, example: 9 },
    exemplified: { type: 'string', pattern: '^[1-9]:[1-9]$', example: '1:1' },
    patterned: { type: 'string', pattern: '^[1-9]:[1-9]$' },
    bounded: { type: 'integer', minimum: 256 },
    number: { type: 'number' },
    flag: { type: 'boolean' },
    nothing: { type: 'null' },
    text: { type: ['string', 'null'] },
    untyped: {},
    list: { type: 'array', minItems: 3, items: { $ref: '#/components/schemas/bounded' } },
    emptyList: { type: 'array', minItems: 0, items: { type: 'boolean' } },
    patternList: { type: 'array', items: { $ref: '#/components/schemas/patterned' } },
    object: {
      type: 'object',
      required: ['n', 'list'],
      properties: {
        n: { type: 'integer' },
        list: { $ref: '#/components/schemas/list' },
        optional: { type: 'string' },
      },
    },
    blocked: {
      type: 'object',
      required: ['p'],
      properties: { p: { $ref: '#/components/schemas/patterned' } },
    },
    slashed: {
      type: 'object',
      required: ['a/b', 'c~d'],
      properties: { 'a/b': { type: 'integer', minimum: 3 }, 'c~d': { type: 'boolean' } },
    },
    choice: { oneOf: [{ type: 'boolean' }, { type: 'string' }] },
    alternative: { anyOf: [{ type: 'integer', minimum: 5 }, { type: 'string' }] },
  };
  const spec = contractSpecOf({ openapi: '3.1.0', components: { schemas } });
  const sample = (name: keyof typeof schemas) => sampleOf(spec, `#/components/schemas/${name}`);

  it('reaches required properties whose names hold / or ~ (escaped in the pointer)', () => {
    expect(sample('slashed')).toEqual({ 'a/b': 3, 'c~d': false });
  });

  it('takes a value the spec gives first: const, the first of enum, default, example', () => {
    expect(sample('constant')).toBe('text');
    expect(sample('enumerated')).toBe('url');
    expect(sample('defaulted')).toBe(7);
    expect(sample('exemplified')).toBe('1:1');
  });

  it('makes up the least each type allows: the minimum or 1, false, null, a plain string', () => {
    expect(sample('bounded')).toBe(256);
    expect(sample('number')).toBe(1);
    expect(sample('flag')).toBe(false);
    expect(sample('nothing')).toBeNull();
    expect(sample('text')).toBe('contract-tests');
  });

  it('gives up on a pattern without an example and on a schema without a type, rather than guess', () => {
    expect(sample('patterned')).toBeUndefined();
    expect(sample('untyped')).toBeUndefined();
    expect(sample('patternList')).toBeUndefined();
    expect(sample('blocked')).toBeUndefined();
  });

  it('fills arrays to minItems (at least one item) and objects with their required fields only', () => {
    expect(sample('list')).toEqual([256, 256, 256]);
    expect(sample('emptyList')).toEqual([false]);
    expect(sample('object')).toEqual({ n: 1, list: [256, 256, 256] });
  });

  it('takes the first choice of oneOf and anyOf', () => {
    expect(sample('choice')).toBe(false);
    expect(sample('alternative')).toBe(5);
  });

  it('stops on a schema that contains itself, answering undefined rather than recursing forever', () => {
    expect(sampleOf(smallSpec(), '#/components/schemas/Node')).toBeUndefined();
  });
});

describe('sampleOfPattern', () => {
  it.each([
    ['^[1-9][0-9]*:[1-9][0-9]*$', '1:1'],
    ['^[A-Za-z0-9]+_live_[A-Za-z0-9_]+$', 'A_live_A'],
    ['^a{3}$', 'aaa'],
  ])('gives %s a string it matches: %s', (pattern, sample) => {
    expect(sampleOfPattern(pattern)).toBe(sample);
  });

  it('gives up on what it does not read (groups, alternatives), rather than guess', () => {
    expect(sampleOfPattern('^(x|y)$')).toBeUndefined();
    expect(sampleOfPattern('^[^0-9]+$')).toBeUndefined();
  });
});
