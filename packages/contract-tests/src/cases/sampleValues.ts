import { typesOf } from '../model/schemaTypes.js';
import type { ContractSpec } from '../model/spec.js';
import { propertyPointer } from './jsonPath.js';

/** Bounds the recursion through nested and `oneOf` schemas: a schema that contains itself would never end. */
const maxDepth = 6;

/**
 * A minimal valid value for the schema at `pointer`, or undefined when none can be made up (a pattern without an
 * example): the spec's own value first (`const`, the first of `enum`, `default`, `example`), else the least the type
 * allows. A negative case puts it where the example body has nothing, so the one rule the case breaks is the only one.
 */
export function sampleOf(spec: Pick<ContractSpec, 'resolve'>, pointer: string, depth = 0): unknown {
  const { pointer: at, value: schema } = spec.resolve(pointer);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.example !== undefined) return schema.example;
  if (depth > maxDepth) return undefined;
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (branches) return sampleOf(spec, `${at}/${schema.oneOf ? 'oneOf' : 'anyOf'}/0`, depth + 1);
  switch (typesOf(schema)[0]) {
    case 'string':
      return schema.pattern ? undefined : 'contract-tests';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const item = sampleOf(spec, `${at}/items`, depth + 1);
      const count = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1);
      return item === undefined ? undefined : Array.from({ length: count }, () => structuredClone(item));
    }
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const name of (schema.required as string[] | undefined) ?? []) {
        const value = sampleOf(spec, propertyPointer(at, name), depth + 1);
        if (value === undefined) return undefined;
        object[name] = value;
      }
      return object;
    }
    default:
      return undefined;
  }
}

/**
 * A string a simple pattern accepts (character classes, literals, `*`, `+`, `?`, `{n}`), or undefined: each class
 * gives its first character, `*` and `?` none, `+` one. Checked against the pattern before it is used.
 */
export function sampleOfPattern(pattern: string): string | undefined {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const atoms = [...body.matchAll(/(\[(?:\\.|[^\]])+\]|\\.|[^[\\*+?{])(\*|\+|\?|\{(\d+)(?:,\d*)?\})?/g)];
  if (atoms.map((atom) => atom[0]).join('') !== body) return undefined;
  const sample = atoms
    .map(([, atom = '', quantifier, count]) => {
      const char = atom.startsWith('[')
        ? atom[1] === '^'
          ? undefined
          : atom[1]
        : atom.startsWith('\\')
          ? atom[1]
          : atom;
      if (char === undefined) return undefined;
      const times = quantifier === '*' || quantifier === '?' ? 0 : count !== undefined ? Number(count) : 1;
      return char.repeat(times);
    })
    .join('');
  return new RegExp(pattern, 'u').test(sample) ? sample : undefined;
}
