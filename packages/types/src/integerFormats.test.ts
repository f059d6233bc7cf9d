import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../scripts/jsonSchema.js';
import { zod3Dialect, zodMiniDialect } from '../scripts/zodDialects.js';
import { zodSchemaExpression } from '../scripts/zodSchemaWalk.js';

const document = { openapi: '3.1.0', paths: {}, components: {} };
const generators = {
  zod: (schema: JsonSchema) =>
    zodSchemaExpression(
      zod3Dialect,
      schema,
      { document, constFor: (ref) => ref, helpersUsed: new Set() },
      'field',
    ),
  'zod mini': (schema: JsonSchema) =>
    zodSchemaExpression(zodMiniDialect, schema, { document, constFor: (ref) => ref }, 'field'),
};
const bounds = (expression: string) =>
  [...expression.matchAll(/(?:\.min|\.max|z\.gte|z\.lte)\((-?\d+)/g)].map((m) => Number(m[1]));

describe.each(Object.entries(generators))('integer formats in the %s validators', (_name, generate) => {
  it('check int32 as its range where the spec leaves a side open', () => {
    expect(bounds(generate({ type: 'integer', format: 'int32' }))).toEqual([-(2 ** 31), 2 ** 31 - 1]);
    expect(bounds(generate({ type: 'integer', format: 'int32', minimum: 0 }))).toEqual([0, 2 ** 31 - 1]);
  });

  it('add nothing to int32 bounds the spec already gives, nor to int64', () => {
    expect(bounds(generate({ type: 'integer', format: 'int32', minimum: 10, maximum: 10000 }))).toEqual([
      10, 10000,
    ]);
    expect(generate({ type: 'integer', format: 'int64', minimum: 0 })).toBe(
      generate({ type: 'integer', minimum: 0 }),
    );
  });

  it('stop on a format they do not check, rather than drop it', () => {
    expect(() => generate({ type: 'integer', format: 'int16' })).toThrow(/int16/);
    expect(() => generate({ type: 'number', format: 'int32' })).toThrow(/int32/);
  });
});
