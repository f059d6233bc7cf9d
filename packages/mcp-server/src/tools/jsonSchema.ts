import type { JsonObject, SpecModel } from '@inference-infra/types/spec-model';

/**
 * OpenAPI's own keywords, which are not JSON Schema: strict validators (ajv's strict mode) refuse them, and MCP
 * clients hand the schema to validators and models as it is. `example` says nothing a model needs that the
 * description does not; `x-*` are this spec's notes to its generators.
 */
const openapiOnly = new Set(['example', 'discriminator', 'xml', 'externalDocs', 'deprecated']);

/** Keywords whose values are data (an enum value may be an object with an `x-` key): copied, never walked. */
const literalKeywords = new Set(['enum', 'const', 'default', 'examples']);

/**
 * A schema of the spec as one self-contained JSON Schema: every `$ref` replaced by what it points at, OpenAPI's own
 * keywords dropped. Inlined rather than kept as `$defs`, because some MCP clients read only the top schema; the spec
 * has no recursive schema, and a cycle is reported instead of looping.
 */
export function standaloneSchema(
  model: SpecModel,
  schema: JsonObject,
  seen: readonly string[] = [],
): JsonObject {
  return inline(model, schema, seen) as JsonObject;
}

function inline(model: SpecModel, value: unknown, seen: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(model, item, seen));
  if (typeof value !== 'object' || value === null) return value;
  const object = value as JsonObject;
  if (typeof object.$ref === 'string') {
    const ref = object.$ref;
    if (seen.includes(ref))
      throw new Error(`spec: ${ref} refers to itself, which a tool schema cannot inline`);
    const { $ref: _ref, ...siblings } = object;
    const target = inline(model, model.resolve(ref).value, [...seen, ref]) as JsonObject;
    // OpenAPI 3.1 lets a $ref carry siblings (a description that overrides the component's).
    return { ...target, ...(inline(model, siblings, seen) as JsonObject) };
  }
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(object)) {
    if (key.startsWith('x-') || openapiOnly.has(key)) continue;
    if (literalKeywords.has(key)) {
      result[key] = item;
      continue;
    }
    // Property names are data, not keywords: a property called `example` stays.
    result[key] =
      key === 'properties' || key === 'patternProperties' || key === '$defs'
        ? Object.fromEntries(
            Object.entries(item as JsonObject).map(([name, schema]) => [name, inline(model, schema, seen)]),
          )
        : inline(model, item, seen);
  }
  return result;
}
