import type { JsonObject } from './spec.js';

/** The JSON types a schema allows, whether `type` is one name or a list; none when the schema names no type. */
export function typesOf(schema: JsonObject): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}
