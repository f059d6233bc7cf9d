import type { ContractSpec, JsonObject } from '../model/spec.js';
import type { ContractResponse } from '../transport/http.js';
import { canonicalJson } from './sameValue.js';

/**
 * Fields whose value the spec leaves to the server, one answer at a time, so two answers to the same request may
 * differ there and still mean the same: the request id names the answer itself (assumption `request-id-header`).
 */
const perAnswerFields = new Set(['requestId']);

/** A field the spec calls opaque (`meta.cursor`: "Opaque cursor ... for information only"): its value means nothing. */
function isOpaque(schema: JsonObject): boolean {
  return typeof schema.description === 'string' && /\bopaque\b/i.test(schema.description);
}

/** The declared properties of an object schema, `allOf` branches included, each by the pointer of its schema. */
function declaredProperties(spec: ContractSpec, pointer: string): Map<string, string> | undefined {
  const { value, pointer: at } = spec.resolve(pointer);
  const found = new Map<string, string>();
  let object = false;
  if (value.properties && typeof value.properties === 'object') {
    object = true;
    for (const name of Object.keys(value.properties)) found.set(name, `${at}/properties/${name}`);
  }
  if (Array.isArray(value.allOf)) {
    value.allOf.forEach((_, index) => {
      const inner = declaredProperties(spec, `${at}/allOf/${index}`);
      if (inner) object = true;
      for (const [name, child] of inner ?? []) found.set(name, child);
    });
  }
  return object ? found : undefined;
}

/**
 * The part of a value the spec defines: the declared properties of each object (an open object's extra fields are
 * the server's own, and may echo the request, as `links.self` does), items of arrays by their item schema, and
 * neither opaque fields nor per-answer ones. Where the schema branches (`oneOf`), the value is kept whole.
 */
export function specDefinedPart(spec: ContractSpec, pointer: string, value: unknown): unknown {
  if (Array.isArray(value)) {
    const { value: schema, pointer: at } = spec.resolve(pointer);
    return schema.items ? value.map((item) => specDefinedPart(spec, `${at}/items`, item)) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const properties = declaredProperties(spec, pointer);
  if (!properties) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) {
    const schemaPointer = properties.get(name);
    if (schemaPointer === undefined || perAnswerFields.has(name)) continue;
    if (isOpaque(spec.resolve(schemaPointer).value)) continue;
    kept[name] = specDefinedPart(spec, schemaPointer, child);
  }
  return kept;
}

/**
 * What an answer says that the spec defines: two answers are the same answer exactly when these are equal (compared
 * by `canonicalJson`: instants and numbers by meaning). An answer of another media type (or unparsed) is its text.
 */
export function specDefinedValue(spec: ContractSpec, response: ContractResponse): unknown {
  const media = response.op.responses[String(response.status)]?.content[response.mediaType];
  if (!media || response.json === undefined) return response.text;
  return specDefinedPart(spec, media.schemaPointer, response.json);
}

/** Where two values first differ, as a path and both values (`data: 20 items vs 50`), for a failure message. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  const at = path || '(the body)';
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}: ${a.length} items vs ${b.length}`;
    for (const [index, item] of a.entries()) {
      const found = firstDifference(item, b[index], `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      );
      if (found) return found;
    }
    return undefined;
  }
  return canonicalJson(a) === canonicalJson(b)
    ? undefined
    : `${at}: ${canonicalJson(a)} vs ${canonicalJson(b)}`;
}
