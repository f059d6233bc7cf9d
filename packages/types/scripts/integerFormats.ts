import type { JsonSchema } from './jsonSchema.js';

// OpenAPI's `int32`, checked as ajv-formats (the contract suite) and Prism (the mock) check it.
const int32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

/**
 * The inclusive bounds the validators of a number schema check: its own `minimum`/`maximum`, tightened by its integer
 * format. `int32` is a range check, so a side the spec leaves open (or wider) gets the int32 bound, as ajv-formats and
 * Prism apply it. `int64` adds nothing: every integer a JSON parser gives JavaScript fits, and ajv-formats checks no more.
 * Both generators take their bounds from here, so the two validator sets cannot disagree on a format.
 */
export function integerRange(
  schema: JsonSchema,
  type: string,
  at: string,
): { minimum?: number; maximum?: number } {
  const { minimum, maximum, format } = schema;
  if (format === undefined || format === 'int64') {
    if (format !== undefined && type !== 'integer') throw new Error(`${at}: format "${format}" on a ${type}`);
    return { minimum, maximum };
  }
  if (format === 'int32' && type === 'integer') {
    return {
      minimum: Math.max(minimum ?? int32.minimum, int32.minimum),
      maximum: Math.min(maximum ?? int32.maximum, int32.maximum),
    };
  }
  throw new Error(
    `${at}: no zod check for the format "${format}" of a ${type}; add one to scripts/integerFormats.ts`,
  );
}
