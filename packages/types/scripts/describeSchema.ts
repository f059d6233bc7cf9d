import { componentPrefix, type JsonSchema, resolveComponent, typesOf } from './jsonSchema.js';
import type { OpenApiDocument } from './specBundle.js';

const nouns: Record<string, [one: string, many: string]> = {
  string: ['a string', 'strings'],
  integer: ['an integer', 'integers'],
  number: ['a number', 'numbers'],
  boolean: ['a boolean', 'booleans'],
};

/** "a string", "an array of integers", "one of url, b64_json": how a union's message names each alternative. */
export function describeSchema(schema: JsonSchema, document: OpenApiDocument, plural = false): string {
  const target = resolveComponent(schema, document);
  if ('const' in target) return JSON.stringify(target.const);
  if (Array.isArray(target.enum)) return `one of ${target.enum.join(', ')}`;
  const [type = ''] = typesOf(target).filter((t) => t !== 'null');
  if (type === 'array') {
    const items = target.items ? describeSchema(target.items, document, true) : 'values';
    return plural ? `arrays of ${items}` : `an array of ${items}`;
  }
  const name = typeof schema.$ref === 'string' ? schema.$ref.replace(componentPrefix, '') : undefined;
  const objectNoun: [string, string] = name
    ? [`a ${name} object`, `${name} objects`]
    : ['an object', 'objects'];
  const [one, many] = type === 'object' ? objectNoun : (nouns[type] ?? ['a value', 'values']);
  return plural ? many : one;
}

/** "a, b or c". */
export function listOf(phrases: string[]): string {
  return phrases.length < 2 ? (phrases[0] ?? '') : `${phrases.slice(0, -1).join(', ')} or ${phrases.at(-1)}`;
}
