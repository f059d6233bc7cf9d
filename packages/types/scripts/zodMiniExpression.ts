import { integerRange } from './integerFormats.js';
import { annotations, hasPropertyCount, isNullOnly, type JsonSchema, typesOf } from './jsonSchema.js';
import { orNullOf, rules } from './ruleMessages.js';
import type { OpenApiDocument } from './specBundle.js';
import { checkKeywords } from './zodExpression.js';

/**
 * The zod mini (`zod/v4/mini`) expression of one JSON Schema node: the same rules and the same words as the zod 3
 * expression, in the functional form that bundlers can tree-shake. Descriptions are left out: these schemas check
 * requests before they are sent, and every byte of them ships to browsers.
 */
export interface MiniExpressionContext {
  document: OpenApiDocument;
  /** The const a `#/components/schemas/X` reference becomes. */
  constFor(ref: string): string;
}

const q = (value: unknown) => JSON.stringify(value);

/** A message for the wrong type, and another for every other rule of the same schema (zod v4 takes one param). */
const typeOr = (typeMessage: string, otherMessage: string) =>
  `{ error: (issue) => (issue.code === "invalid_type" ? ${q(typeMessage)} : ${q(otherMessage)}) }`;

const withChecks = (expression: string, checks: string[]) =>
  checks.length > 0 ? `${expression}.check(${checks.join(', ')})` : expression;

const stringFormats: Record<string, (params: string) => string> = {
  // `offset: true`: the spec's date-times are RFC 3339, which allows `+02:00` as well as `Z`.
  'date-time': (params) => `z.iso.datetime({ offset: true, ...${params} })`,
  uri: (params) => `z.url(${params})`,
};

function numberExpression(schema: JsonSchema, type: string, orNull: string, at: string): string {
  const { minimum, maximum } = integerRange(schema, type, at);
  const checks: string[] = [];
  // A multiple of 1 rather than z.int(): a wrong type stops zod at once, a broken rule does not, so 0.5 for an
  // integer of at least 1 breaks both rules, as the zod 3 set reports it.
  if (type === 'integer') checks.push(`z.multipleOf(1, ${q(rules.integer(schema))})`);
  if (minimum !== undefined) checks.push(`z.gte(${minimum}, ${q(rules.minimum(minimum))})`);
  if (maximum !== undefined) checks.push(`z.lte(${maximum}, ${q(rules.maximum(maximum))})`);
  if (typeof schema.exclusiveMinimum === 'number')
    checks.push(`z.gt(${schema.exclusiveMinimum}, ${q(rules.exclusiveMinimum(schema.exclusiveMinimum))})`);
  if (typeof schema.exclusiveMaximum === 'number')
    checks.push(`z.lt(${schema.exclusiveMaximum}, ${q(rules.exclusiveMaximum(schema.exclusiveMaximum))})`);
  if (schema.multipleOf !== undefined)
    checks.push(`z.multipleOf(${schema.multipleOf}, ${q(rules.multipleOf(schema.multipleOf))})`);
  return withChecks(`z.number(${q(rules.number(schema, type, orNull))})`, checks);
}

function stringExpression(schema: JsonSchema, orNull: string, at: string): string {
  let expression = `z.string(${q(rules.string(orNull))})`;
  if (schema.format !== undefined) {
    const format = stringFormats[schema.format];
    const text = rules.format[schema.format];
    if (!format || !text)
      throw new Error(`${at}: no zod mini schema for format "${schema.format}"; add one to stringFormats`);
    expression = format(typeOr(rules.string(orNull), text));
  }
  const checks: string[] = [];
  if (schema.minLength !== undefined)
    checks.push(`z.minLength(${schema.minLength}, ${q(rules.minLength(schema.minLength))})`);
  if (schema.maxLength !== undefined)
    checks.push(`z.maxLength(${schema.maxLength}, ${q(rules.maxLength(schema.maxLength))})`);
  if (schema.pattern !== undefined)
    checks.push(`z.regex(new RegExp(${q(schema.pattern)}), ${q(rules.pattern(schema.pattern))})`);
  return withChecks(expression, checks);
}

function arrayExpression(
  schema: JsonSchema,
  context: MiniExpressionContext,
  at: string,
  indent: string,
): string {
  const items = schema.items
    ? zodMiniExpression(schema.items, context, `${at}.items`, indent)
    : 'z.unknown()';
  const checks: string[] = [];
  if (schema.minItems !== undefined)
    checks.push(`z.minLength(${schema.minItems}, ${q(rules.minItems(schema.minItems))})`);
  if (schema.maxItems !== undefined)
    checks.push(`z.maxLength(${schema.maxItems}, ${q(rules.maxItems(schema.maxItems))})`);
  return withChecks(`z.array(${items}, ${q(rules.array)})`, checks);
}

/** A property's schema plus its presence: `_default` when the spec gives one, else optional unless required. */
function propertyExpression(
  schema: JsonSchema,
  required: boolean,
  context: MiniExpressionContext,
  at: string,
  indent: string,
): string {
  const expression = zodMiniExpression(schema, context, at, indent, { allowDefault: true });
  if (schema.default !== undefined) return `z._default(${expression}, ${q(schema.default)})`;
  return required ? expression : `z.optional(${expression})`;
}

function objectExpression(
  schema: JsonSchema,
  context: MiniExpressionContext,
  at: string,
  indent: string,
): string {
  if (hasPropertyCount(schema)) {
    throw new Error(`${at}: minProperties/maxProperties are not handled by the request validators yet`);
  }
  const inner = `${indent}  `;
  const required = new Set<string>(schema.required ?? []);
  for (const key of required) {
    if (!(key in (schema.properties ?? {})))
      throw new Error(`${at}: required "${key}" has no property schema`);
  }
  const properties = Object.entries<JsonSchema>(schema.properties ?? {}).map(([key, property]) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : q(key);
    return `${inner}${name}: ${propertyExpression(property, required.has(key), context, `${at}.${key}`, inner)},\n`;
  });
  const shape = `{\n${properties.join('')}${indent}}`;
  if (schema.additionalProperties === false) {
    return `z.strictObject(${shape}, ${typeOr(rules.object, rules.unknownField(schema))})`;
  }
  if (schema.additionalProperties && schema.additionalProperties !== true) {
    const rest = zodMiniExpression(
      schema.additionalProperties,
      context,
      `${at}.additionalProperties`,
      indent,
    );
    return `z.catchall(z.object(${shape}, ${q(rules.object)}), ${rest})`;
  }
  // An open object in the spec: unknown fields are valid and kept, as a server that ignores them would see them.
  return `z.looseObject(${shape}, ${q(rules.object)})`;
}

function unionExpression(
  schema: JsonSchema,
  context: MiniExpressionContext,
  at: string,
  indent: string,
): string {
  const keyword = schema.oneOf ? 'oneOf' : 'anyOf';
  const branches: JsonSchema[] = schema[keyword];
  const nullable = branches.some(isNullOnly);
  const others = branches.filter((branch) => !isNullOnly(branch));
  const orNull = (expression: string) => (nullable ? `z.nullable(${expression})` : expression);
  if (others.length === 1 && others[0])
    return orNull(zodMiniExpression(others[0], context, `${at}.${keyword}`, indent));
  const inner = `${indent}  `;
  const options = others.map(
    (branch, i) => `${inner}${zodMiniExpression(branch, context, `${at}.${keyword}.${i}`, inner)},\n`,
  );
  // As in the zod 3 set: the spec's branches are disjoint by type (or by minItems), so union and oneOf agree.
  return orNull(
    `z.union([\n${options.join('')}${indent}], ${q(rules.union(others, nullable, context.document))})`,
  );
}

function baseExpression(
  schema: JsonSchema,
  context: MiniExpressionContext,
  at: string,
  indent: string,
): string {
  if (typeof schema.$ref === 'string') {
    const extra = Object.keys(schema).filter(
      (key) => key !== '$ref' && !annotations.has(key) && !key.startsWith('x-'),
    );
    if (extra.length > 0)
      throw new Error(`${at}: keywords beside $ref are not handled (${extra.join(', ')})`);
    return context.constFor(schema.$ref);
  }
  if (schema.oneOf || schema.anyOf) {
    if (schema.type || schema.properties)
      throw new Error(`${at}: oneOf/anyOf beside type or properties is not handled`);
    return unionExpression(schema, context, at, indent);
  }
  const types = typesOf(schema);
  const orNull = orNullOf(types.includes('null'));
  const nullable = (expression: string) => (orNull ? `z.nullable(${expression})` : expression);
  if ('const' in schema)
    return nullable(`z.literal(${q(schema.const)}, ${q(rules.const(schema.const, orNull))})`);
  if (Array.isArray(schema.enum)) {
    const values: unknown[] = schema.enum.filter((value: unknown) => value !== null);
    const enumNullable = values.length < schema.enum.length || orNull !== '';
    const text = q(rules.enum(values, orNullOf(enumNullable)));
    const expression = values.every((value) => typeof value === 'string')
      ? `z.enum([${values.map(q).join(', ')}], ${text})`
      : `z.union([${values.map((value) => `z.literal(${q(value)})`).join(', ')}], ${text})`;
    return enumNullable ? `z.nullable(${expression})` : expression;
  }
  const concrete = types.filter((type) => type !== 'null');
  if (concrete.length === 0) return types.includes('null') ? 'z.null()' : 'z.unknown()';
  if (concrete.length > 1) throw new Error(`${at}: a type list other than [T, "null"] is not handled`);
  const [type] = concrete;
  switch (type) {
    case 'string':
      return nullable(stringExpression(schema, orNull, at));
    case 'integer':
    case 'number':
      return nullable(numberExpression(schema, type, orNull, at));
    case 'boolean':
      return nullable(`z.boolean(${q(rules.boolean(orNull))})`);
    case 'array':
      return nullable(arrayExpression(schema, context, at, indent));
    case 'object':
      return nullable(objectExpression(schema, context, at, indent));
    default:
      throw new Error(`${at}: type "${type}" is not handled`);
  }
}

/** The zod mini expression of one JSON Schema 2020-12 node of the spec. */
export function zodMiniExpression(
  schema: JsonSchema,
  context: MiniExpressionContext,
  at: string,
  indent = '',
  options: { allowDefault?: boolean } = {},
): string {
  checkKeywords(schema, at);
  if (schema.default !== undefined && !options.allowDefault) {
    throw new Error(`${at}: a default outside an object property is not handled`);
  }
  return baseExpression(schema, context, at, indent);
}
