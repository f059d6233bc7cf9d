import type { JsonObject } from './spec.js';

/** A value that breaks one rule of a schema, and the rule it breaks. */
export interface Candidate {
  rule: string;
  value: unknown;
  /** Why the value breaks the rule: `below its minimum 1`. */
  why: string;
}

const outOfEnum = 'contract-tests-not-in-enum';

export function typesOf(schema: JsonObject): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

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
  }
  if (typeof schema.const === 'string') {
    candidates.push({ rule: 'const', value: `not-${schema.const}`, why: `not the constant ${schema.const}` });
  }
  return candidates;
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
