import { typesOf } from '../model/schemaTypes.js';
import type { JsonObject } from '../model/spec.js';
import { sampleOfPattern } from './sampleValues.js';

/** A value that breaks one rule of a schema, and the rule it breaks. */
export interface Candidate {
  rule: string;
  value: unknown;
  /** Why the value breaks the rule: `below its minimum 1`. */
  why: string;
}

const outOfEnum = 'contract-tests-not-in-enum';

/** The value just outside each bound, a value outside the enum or constant, a string the pattern refuses. */
export function scalarCandidates(schema: JsonObject): Candidate[] {
  const candidates: Candidate[] = [];
  const integer = typesOf(schema).includes('integer');
  // "Just outside": one whole step for integers, a hundredth for numbers (a value a lax server could round back in).
  const step = integer ? 1 : 0.01;
  const round = (n: number) => Math.round(n * 100) / 100;
  if (typeof schema.minimum === 'number') {
    candidates.push({
      rule: 'minimum',
      value: round(schema.minimum - step),
      why: `below its minimum ${schema.minimum}`,
    });
  }
  if (typeof schema.maximum === 'number') {
    candidates.push({
      rule: 'maximum',
      value: round(schema.maximum + step),
      why: `above its maximum ${schema.maximum}`,
    });
  }
  if (typeof schema.exclusiveMinimum === 'number') {
    candidates.push({
      rule: 'exclusiveMinimum',
      value: schema.exclusiveMinimum,
      why: `not above ${schema.exclusiveMinimum}`,
    });
  }
  if (typeof schema.exclusiveMaximum === 'number') {
    candidates.push({
      rule: 'exclusiveMaximum',
      value: schema.exclusiveMaximum,
      why: `not below ${schema.exclusiveMaximum}`,
    });
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    candidates.push({
      rule: 'minLength',
      value: 'x'.repeat(schema.minLength - 1),
      why: `shorter than ${schema.minLength}`,
    });
  }
  if (typeof schema.maxLength === 'number') {
    candidates.push({
      rule: 'maxLength',
      value: 'x'.repeat(schema.maxLength + 1),
      why: `longer than ${schema.maxLength}`,
    });
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const value = ['contract-tests', '0', ' ', ''].find((candidate) => !pattern.test(candidate));
    if (value !== undefined)
      candidates.push({ rule: 'pattern', value, why: `not matching ${schema.pattern}` });
  }
  if (Array.isArray(schema.enum)) {
    const numeric = schema.enum.every((v) => typeof v === 'number');
    const value = numeric ? Math.max(...(schema.enum as number[])) + 1 : outOfEnum;
    candidates.push({ rule: 'enum', value, why: `not one of ${schema.enum.join(', ')}` });
    candidates.push(...enumNearMisses(schema.enum));
  }
  if (typeof schema.const === 'string') {
    candidates.push({ rule: 'const', value: `not-${schema.const}`, why: `not the constant ${schema.const}` });
  }
  if (typeof schema.const === 'boolean') {
    candidates.push({ rule: 'const', value: !schema.const, why: `not the constant ${schema.const}` });
  }
  // `not: {}` is a field the spec names only to refuse it (a field of OpenAI's that the service does not take, with
  // `x-instead` saying what to use): any value must be refused, never ignored.
  if (typeof schema.not === 'object' && schema.not !== null && Object.keys(schema.not).length === 0) {
    candidates.push({ rule: 'not', value: true, why: 'a field the spec refuses' });
  }
  return candidates;
}

/**
 * Strings next to an enum's first value that are not in the enum: another case, a prefix, a trailing space. An enum is
 * exact wherever it is (query or body): a server that matches by case, by prefix or after trimming must refuse them.
 */
function enumNearMisses(values: unknown[]): Candidate[] {
  const [first] = values;
  if (typeof first !== 'string' || first === '') return [];
  const swapped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  const misses: Array<[string, string]> = [
    [swapped, 'case differs'],
    [first.slice(0, -1), 'a prefix of one'],
    [`${first} `, 'with a trailing space'],
  ];
  return misses
    .filter(([value]) => value !== '' && !values.includes(value))
    .map(([value, how]) => ({ rule: 'enum', value, why: `not one of ${values.join(', ')} (${how})` }));
}

/** A value of the wrong JSON type for each type the field has; none for fields whose type is a choice (`oneOf`). */
export function typeCandidates(schema: JsonObject): Candidate[] {
  const types = typesOf(schema);
  if (types.length !== 1) return [];
  const wrong: Record<string, unknown[]> = {
    string: [42],
    integer: ['not-a-number', 1.5],
    number: ['not-a-number'],
    boolean: ['not-a-boolean'],
    object: ['not-an-object'],
    array: ['not-an-array'],
  };
  return (wrong[types[0] as string] ?? []).map((value) => ({ rule: 'type', value, why: `not ${types[0]}` }));
}

/** The same candidates as query-string text: a query parameter can carry any text, so its type is checked too. */
export function queryCandidates(schema: JsonObject): Candidate[] {
  const types = typesOf(schema);
  const typeValues = types.includes('integer')
    ? ['not-a-number', '1.5']
    : types.includes('number')
      ? ['not-a-number']
      : types.includes('boolean')
        ? ['not-a-boolean']
        : [];
  return [
    ...scalarCandidates(schema).map((c) => ({ ...c, value: String(c.value) })),
    ...typeValues.map((value) => ({ rule: 'type', value, why: `not ${types[0]}` })),
  ];
}

/**
 * Values a lax parser turns into a valid one, made from a valid value of the field: its number as a string
 * (`"1024"`), a fraction for an integer (`130.7`), an enum value in another case, a `W:H`-style value with a part of
 * zero. Each breaks the field's own type, enum or pattern, so the server must refuse it rather than coerce it.
 */
export function laxCandidates(schema: JsonObject, valid: unknown): Candidate[] {
  const candidates: Candidate[] = [];
  const types = typesOf(schema);
  if (typeof valid === 'number' && (types.includes('integer') || types.includes('number'))) {
    candidates.push({ rule: 'type', value: String(valid), why: 'a number written as a string' });
    if (types.includes('integer'))
      candidates.push({ rule: 'type', value: valid + 0.7, why: 'not a whole number' });
  }
  if (typeof valid === 'boolean' && types.includes('boolean')) {
    candidates.push({ rule: 'type', value: String(valid), why: 'a boolean written as a string' });
  }
  if (typeof valid === 'string' && Array.isArray(schema.enum)) {
    for (const value of [
      valid.toUpperCase(),
      valid.toLowerCase(),
      valid[0]?.toUpperCase() + valid.slice(1),
    ]) {
      if (!schema.enum.includes(value)) {
        candidates.push({ rule: 'enum', value, why: `not one of ${schema.enum.join(', ')} (case differs)` });
        break;
      }
    }
  }
  const patterned =
    typeof valid === 'string' ? valid : schema.pattern ? sampleOfPattern(String(schema.pattern)) : undefined;
  if (typeof patterned === 'string' && typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const runs = [...patterned.matchAll(/[0-9]+/g)];
    for (const run of runs) {
      const index = run.index ?? 0;
      const value = `${patterned.slice(0, index)}0${patterned.slice(index + run[0].length)}`;
      if (!pattern.test(value))
        candidates.push({ rule: 'pattern', value, why: `a part of zero, not matching ${schema.pattern}` });
    }
  }
  return candidates;
}
