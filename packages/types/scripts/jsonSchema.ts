import { resolvePointer } from '../src/specModel/index.js';
import type { OpenApiDocument } from './specBundle.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes are walked generically.
export type JsonSchema = Record<string, any>;

export const componentPrefix = '#/components/schemas/';

// Keywords that only annotate: they change no validation, so the generator skips them (descriptions become
// .describe()). JSON Schema 2020-12 makes `contentEncoding` an annotation too.
export const annotations = new Set([
  'description',
  'title',
  'example',
  'examples',
  'contentEncoding',
  'contentMediaType',
  'readOnly',
  'writeOnly',
  'deprecated',
  '$comment',
]);

export const hasPropertyCount = (schema: JsonSchema) =>
  schema.minProperties !== undefined || schema.maxProperties !== undefined;

/** `{ type: 'null' }`, the branch of a `oneOf` that makes it nullable. */
export const isNullOnly = (schema: JsonSchema) =>
  schema.type === 'null' && Object.keys(schema).every((key) => key === 'type' || annotations.has(key));

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  return schema.properties ? ['object'] : [];
}

/** The schema a `$ref` points to, as the spec model resolves it; any other schema as it is. */
export function resolveComponent(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  return resolvePointer(document, schema.$ref).value;
}
