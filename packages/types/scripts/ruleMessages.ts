import { describeSchema, listOf } from './describeSchema.js';
import type { JsonSchema } from './jsonSchema.js';
import type { OpenApiDocument } from './specBundle.js';

/**
 * How each rule of the spec is worded in a refusal. Both generated validator sets (zod 3 and zod mini) take their
 * messages from here, so a value refused by one is refused in the same words by the other.
 */
const q = (value: unknown) => JSON.stringify(value);
const itemCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** " or null" when the schema also allows null. */
export const orNullOf = (nullable: boolean) => (nullable ? ' or null' : '');

/** " from 10 to 10000" when both bounds are given, so a type error already tells the range. */
const rangeOf = (schema: JsonSchema) =>
  schema.minimum !== undefined && schema.maximum !== undefined
    ? ` from ${schema.minimum} to ${schema.maximum}`
    : '';

export const rules = {
  /** A field the spec names only to refuse it (`not: {}`), with what to use instead (`x-instead`). */
  refused: (instead: string) => `is not supported by this service; ${instead}`,
  /** Any other rule of a node with `x-instead`: the rule, then what to use instead. */
  withInstead: (message: string, instead: string) => `${message}; ${instead}`,
  number: (schema: JsonSchema, type: string, orNull: string) =>
    `must be ${type === 'integer' ? 'an integer' : 'a number'}${rangeOf(schema)}${orNull}`,
  integer: (schema: JsonSchema) => `must be an integer${rangeOf(schema)}`,
  minimum: (n: number) => `must be at least ${n}`,
  maximum: (n: number) => `must be at most ${n}`,
  exclusiveMinimum: (n: number) => `must be greater than ${n}`,
  exclusiveMaximum: (n: number) => `must be less than ${n}`,
  multipleOf: (n: number) => `must be a multiple of ${n}`,
  string: (orNull: string) => `must be a string${orNull}`,
  minLength: (n: number) => `must be at least ${n} characters long`,
  maxLength: (n: number) => `must be at most ${n} characters long`,
  pattern: (pattern: string) => `must match the pattern ${pattern}`,
  format: {
    'date-time': 'must be an ISO 8601 date-time with a time zone, such as 2026-11-20T16:05:12Z',
    uri: 'must be an absolute URI',
  } as Record<string, string>,
  boolean: (orNull: string) => `must be a boolean${orNull}`,
  array: 'must be an array',
  minItems: (n: number) => `must have at least ${itemCount(n)}`,
  maxItems: (n: number) => `must have at most ${itemCount(n)}`,
  object: 'must be an object',
  unknownField: (schema: JsonSchema) =>
    `is not a known field (known fields: ${Object.keys(schema.properties ?? {}).join(', ')})`,
  const: (value: unknown, orNull: string) => `must be ${q(value)}${orNull}`,
  enum: (values: unknown[], orNull: string) => `must be one of ${values.join(', ')}${orNull}`,
  union: (branches: JsonSchema[], nullable: boolean, document: OpenApiDocument) => {
    const phrases = branches.map((branch) => describeSchema(branch, document));
    if (nullable) phrases.push('null');
    return `must be ${listOf(phrases)}`;
  },
};
