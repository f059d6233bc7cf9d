import type { JsonObject, Resolved } from '@inference-infra/types/spec-model';
import { hashText, hex } from './seededRandom.js';

/** Follows `$ref`s of the bundle: the spec model's resolver. */
export type ResolveSchema = (pointer: string) => Resolved;

/** What a generated value may take from the request: its id and its clock, so two answers differ as real ones do. */
export interface SampleContext {
  resolve: ResolveSchema;
  now: Date;
  /** Mixed into generated strings and numbers: the same request and seed, the same answer. */
  seed: number;
}

/** Nesting followed at most: deep enough for any answer of the spec, finite for a schema that holds itself. */
const maxDepth = 8;

const typeOf = (schema: JsonObject): string | undefined => {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type.find((t) => t !== 'null') ?? type[0]) as string | undefined;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
};

function sampleString(schema: JsonObject, name: string, context: SampleContext): string {
  switch (schema.format) {
    case 'date-time':
      return context.now.toISOString();
    case 'date':
      return context.now.toISOString().slice(0, 10);
    case 'uri':
    case 'url':
      return `http://127.0.0.1/${name || 'resource'}`;
    case 'email':
      return 'simulator@example.com';
    case 'uuid':
      return `00000000-0000-4000-8000-${hex(hashText(name, context.seed), 12)}`;
    default:
      break;
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  let text = `${name || 'value'}_${hex(hashText(name, context.seed), 8)}`;
  while (text.length < min) text += 'x';
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function sampleNumber(schema: JsonObject, integer: boolean): number {
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const exclusiveMin = num('exclusiveMinimum');
  const exclusiveMax = num('exclusiveMaximum');
  let low = num('minimum') ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 0.5) : undefined);
  const high =
    num('maximum') ?? (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : 0.5) : undefined);
  if (low === undefined) low = high !== undefined ? Math.min(0, high) : 0;
  let value = integer ? Math.ceil(low) : low;
  const step = num('multipleOf');
  if (step) value = Math.ceil(value / step) * step;
  return value;
}

/**
 * A value the schema at `pointer` accepts, for an operation the simulator answers from the spec without an example:
 * the schema's own `const`, first `enum` value, `default` or `example` when it gives one, else the least its type and
 * bounds allow, with every property of an object (required or not, so the answer shows what the schema can hold) and
 * the fewest items an array may have but one. Deterministic: the same schema, seed and clock give the same value.
 */
export function schemaSample(context: SampleContext, pointer: string, name = '', depth = 0): unknown {
  const { pointer: at, value: schema } = context.resolve(pointer);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (depth > maxDepth) return null;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[keyword])) return schemaSample(context, `${at}/${keyword}/0`, name, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    // The branches of an `allOf` describe one object: their samples merged.
    const parts = (schema.allOf as unknown[]).map((_, index) =>
      schemaSample(context, `${at}/allOf/${index}`, name, depth + 1),
    );
    if (parts.every((part) => typeof part === 'object' && part !== null && !Array.isArray(part)))
      return Object.assign({}, ...(parts as object[]));
    return parts[0];
  }
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema, name, context);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1);
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : count;
      return Array.from({ length: Math.min(count, max) }, () =>
        schemaSample(context, `${at}/items`, name, depth + 1),
      );
    }
    case 'object': {
      const object: Record<string, unknown> = {};
      const properties = (schema.properties as JsonObject | undefined) ?? {};
      for (const property of Object.keys(properties)) {
        const token = property.replaceAll('~', '~0').replaceAll('/', '~1');
        object[property] = schemaSample(context, `${at}/properties/${token}`, property, depth + 1);
      }
      return object;
    }
    default:
      return null;
  }
}
