// How a schema of the bundled spec reads in one line of a Markdown page: its type, its bounds, its shape. Plain
// JavaScript with JSDoc types, as every module the docs build imports.
import { resolvePointer } from '@inference-infra/types/spec-model';

/** The name of a component schema a pointer ends at (`#/components/schemas/InstanceType`), else undefined. */
export function componentName(/** @type {string | undefined} */ pointer) {
  return /^#\/components\/schemas\/([^/]+)$/.exec(pointer ?? '')?.[1];
}

/**
 * The component schema a pointer names, or whose value it holds: the bundler copies a schema referenced only from an
 * extension (`x-stream-event-schema`) in place, and the component it came from is registered for that reason.
 * @param {any} document
 * @param {string} pointer
 */
export function componentOf(document, pointer) {
  const named = componentName(pointer);
  if (named) return named;
  const value = JSON.stringify(resolvePointer(document, pointer).value);
  return Object.entries(document.components?.schemas ?? {}).find(
    ([, schema]) => JSON.stringify(schema) === value,
  )?.[0];
}

/**
 * The schema a node stands for, with the component it names: a `$ref` is followed, as the spec model follows it.
 * @param {any} document
 * @param {any} schema
 * @returns {{ schema: any, name?: string }}
 */
export function resolved(document, schema) {
  if (!schema || typeof schema.$ref !== 'string') return { schema: schema ?? {} };
  const target = resolvePointer(document, schema.$ref);
  const name = componentName(target.pointer);
  return { schema: target.value, ...(name ? { name } : {}) };
}

/**
 * The type of a schema as a reader writes it: `string`, `integer (int32)`, `string | null`, `array of ChatMessage`,
 * `EmbeddingInput (string | array of string)`. A component keeps its name, so the reader can look it up.
 * @param {any} document
 * @param {any} node
 * @param {string} [name] The component the node already is (a parameter's schema, resolved by the spec model).
 * @returns {string}
 */
export function typeText(document, node, name) {
  const { schema, name: refName } = resolved(document, node);
  const component = name ?? refName;
  const shape = bareTypeText(document, schema);
  return component ? (shape === 'object' ? component : `${component} (${shape})`) : shape;
}

/** @param {any} document @param {any} schema @returns {string} */
function bareTypeText(document, schema) {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) return alternatives.map((one) => typeText(document, one)).join(' | ');
  if (Array.isArray(schema.allOf))
    return schema.allOf.map((/** @type {any} */ one) => typeText(document, one)).join(' & ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? 'object' : 'any';
  return types
    .map((/** @type {string} */ type) => {
      if (type === 'array') return `array of ${typeText(document, schema.items ?? {})}`;
      return schema.format && type !== 'null' ? `${type} (${schema.format})` : type;
    })
    .join(' | ');
}

/**
 * The rules a value must keep, in words: `10 to 10000`, `at least 1`, `one of float, base64`, `1 to 4 items`.
 * Empty when the schema sets none.
 * @param {any} document
 * @param {any} node
 * @returns {string}
 */
export function boundsText(document, node) {
  const { schema } = resolved(document, node);
  /** @type {string[]} */
  const rules = [];
  const range = (/** @type {unknown} */ low, /** @type {unknown} */ high, /** @type {string} */ unit) => {
    const last = high ?? low;
    const suffix = unit ? ` ${unit}${last === 1 ? '' : 's'}` : '';
    if (low !== undefined && high !== undefined) rules.push(`${low} to ${high}${suffix}`);
    else if (low !== undefined) rules.push(`at least ${low}${suffix}`);
    else if (high !== undefined) rules.push(`at most ${high}${suffix}`);
  };
  range(schema.minimum, schema.maximum, '');
  if (schema.exclusiveMinimum !== undefined) rules.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) rules.push(`less than ${schema.exclusiveMaximum}`);
  range(schema.minLength, schema.maxLength, 'character');
  range(schema.minItems, schema.maxItems, 'item');
  if (typeof schema.pattern === 'string') rules.push(`matches \`${schema.pattern}\``);
  if (Array.isArray(schema.enum)) rules.push(`one of ${schema.enum.map(String).join(', ')}`);
  if (schema.additionalProperties === false) rules.push('no other fields');
  return rules.join('; ');
}

/** The default of a schema as JSON (`50`, `"float"`), or empty. @param {any} document @param {any} node */
export function defaultText(document, node) {
  const { schema } = resolved(document, node);
  return schema.default === undefined ? '' : JSON.stringify(schema.default);
}

/**
 * A JSON-like outline of an object schema's fields, for a body every answer shares (the error body):
 * `{ "error": { "message": string, "type": "invalid_request_error" | ..., "code": string | null } }`.
 * @param {any} document
 * @param {any} node
 * @param {string} [indent]
 * @returns {string}
 */
export function shapeText(document, node, indent = '') {
  const { schema } = resolved(document, node);
  if (!schema.properties) {
    if (Array.isArray(schema.enum))
      return schema.enum.map((/** @type {unknown} */ v) => JSON.stringify(v)).join(' | ');
    return bareTypeText(document, schema);
  }
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties).map(
    ([field, value]) =>
      `${inner}${JSON.stringify(field)}${required.has(field) ? '' : '?'}: ${shapeText(document, value, inner)}`,
  );
  return `{\n${fields.join(',\n')}\n${indent}}`;
}
