import { integerRange } from './integerFormats.js';
import {
  annotations,
  hasPropertyCount,
  isNullOnly,
  type JsonSchema,
  resolveComponent,
  typesOf,
} from './jsonSchema.js';
import { orNullOf, rules } from './ruleMessages.js';
import type { OpenApiDocument } from './specBundle.js';

/** What the walk needs from the module being written: names for `$ref`s, and which helpers it used. */
export interface ExpressionContext {
  document: OpenApiDocument;
  /** The const a `#/components/schemas/X` reference becomes. */
  constFor(ref: string): string;
  helpersUsed: Set<'withPropertyCount'>;
}

// Every keyword that is not an annotation must be handled below. An unknown one stops the generator instead of being dropped, so a
// bound added to the spec can never be silently missing from the validators.
const handled = new Set([
  '$ref',
  'type',
  'enum',
  'const',
  'oneOf',
  'anyOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'default',
  'minProperties',
  'maxProperties',
]);

const stringFormats: Record<string, (message: string) => string> = {
  // `offset: true`: the spec's date-times are RFC 3339, which allows `+02:00` as well as `Z`.
  'date-time': (text) => `.datetime({ offset: true, message: ${JSON.stringify(text)} })`,
  uri: (text) => `.url({ message: ${JSON.stringify(text)} })`,
};

const q = (value: unknown) => JSON.stringify(value);
const message = (text: string) => `withMessage(${q(text)})`;

export function checkKeywords(schema: JsonSchema, at: string): void {
  for (const key of Object.keys(schema)) {
    if (key.startsWith('x-') || annotations.has(key) || handled.has(key)) continue;
    throw new Error(
      `${at}: the zod generator does not handle the keyword "${key}"; teach scripts/zodExpression.ts`,
    );
  }
}

function numberExpression(schema: JsonSchema, type: string, orNull: string, at: string): string {
  const { minimum, maximum } = integerRange(schema, type, at);
  let expression = `z.number(${message(rules.number(schema, type, orNull))})`;
  if (type === 'integer') expression += `.int({ message: ${q(rules.integer(schema))} })`;
  if (minimum !== undefined) expression += `.min(${minimum}, { message: ${q(rules.minimum(minimum))} })`;
  if (maximum !== undefined) expression += `.max(${maximum}, { message: ${q(rules.maximum(maximum))} })`;
  if (typeof schema.exclusiveMinimum === 'number')
    expression += `.gt(${schema.exclusiveMinimum}, { message: ${q(rules.exclusiveMinimum(schema.exclusiveMinimum))} })`;
  if (typeof schema.exclusiveMaximum === 'number')
    expression += `.lt(${schema.exclusiveMaximum}, { message: ${q(rules.exclusiveMaximum(schema.exclusiveMaximum))} })`;
  if (schema.multipleOf !== undefined)
    expression += `.multipleOf(${schema.multipleOf}, { message: ${q(rules.multipleOf(schema.multipleOf))} })`;
  return expression;
}

function stringExpression(schema: JsonSchema, orNull: string, at: string): string {
  let expression = `z.string(${message(rules.string(orNull))})`;
  if (schema.format !== undefined) {
    const check = stringFormats[schema.format];
    const text = rules.format[schema.format];
    if (!check || !text)
      throw new Error(`${at}: no zod check for format "${schema.format}"; add one to stringFormats`);
    expression += check(text);
  }
  if (schema.minLength !== undefined)
    expression += `.min(${schema.minLength}, { message: ${q(rules.minLength(schema.minLength))} })`;
  if (schema.maxLength !== undefined)
    expression += `.max(${schema.maxLength}, { message: ${q(rules.maxLength(schema.maxLength))} })`;
  if (schema.pattern !== undefined)
    expression += `.regex(new RegExp(${q(schema.pattern)}), { message: ${q(rules.pattern(schema.pattern))} })`;
  return expression;
}

function arrayExpression(schema: JsonSchema, context: ExpressionContext, at: string, indent: string): string {
  const items = schema.items ? zodExpression(schema.items, context, `${at}.items`, indent) : 'z.unknown()';
  let expression = `z.array(${items}, ${message(rules.array)})`;
  if (schema.minItems !== undefined)
    expression += `.min(${schema.minItems}, { message: ${q(rules.minItems(schema.minItems))} })`;
  if (schema.maxItems !== undefined)
    expression += `.max(${schema.maxItems}, { message: ${q(rules.maxItems(schema.maxItems))} })`;
  return expression;
}

/** A property's schema plus its presence: `.default(v)` when the spec gives one, else `.optional()` unless required. */
function propertyExpression(
  schema: JsonSchema,
  required: boolean,
  context: ExpressionContext,
  at: string,
  indent: string,
) {
  const expression = zodExpression(schema, context, at, indent, { allowDefault: true });
  if (schema.default !== undefined) return `${expression}.default(${q(schema.default)})`;
  return required ? expression : `${expression}.optional()`;
}

function objectExpression(
  schema: JsonSchema,
  context: ExpressionContext,
  at: string,
  indent: string,
  described: (expression: string) => string,
): string {
  const inner = `${indent}  `;
  const required = new Set<string>(schema.required ?? []);
  const properties = Object.entries<JsonSchema>(schema.properties ?? {}).map(([key, property]) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : q(key);
    return `${inner}${name}: ${propertyExpression(property, required.has(key), context, `${at}.${key}`, inner)},\n`;
  });
  for (const key of required) {
    if (!(key in (schema.properties ?? {})))
      throw new Error(`${at}: required "${key}" has no property schema`);
  }
  let expression = `z.object({\n${properties.join('')}${indent}}, ${message(rules.object)})`;
  if (schema.additionalProperties === false) {
    expression += `.strict(${q(rules.unknownField(schema))})`;
  } else if (schema.additionalProperties && schema.additionalProperties !== true) {
    expression += `.catchall(${zodExpression(schema.additionalProperties, context, `${at}.additionalProperties`, indent)})`;
  } else {
    // An open object in the spec: unknown fields are valid and kept, as a server that ignores them would see them.
    expression += '.passthrough()';
  }
  expression = described(expression);
  if (hasPropertyCount(schema)) {
    context.helpersUsed.add('withPropertyCount');
    const bounds = (['minProperties', 'maxProperties'] as const)
      .filter((key) => schema[key] !== undefined)
      .map((key) => `${key}: ${schema[key]}`);
    expression = `withPropertyCount(${expression}, { ${bounds.join(', ')} })`;
  }
  return expression;
}

function unionExpression(schema: JsonSchema, context: ExpressionContext, at: string, indent: string): string {
  const keyword = schema.oneOf ? 'oneOf' : 'anyOf';
  const branches: JsonSchema[] = schema[keyword];
  const nullable = branches.some(isNullOnly);
  const others = branches.filter((branch) => !isNullOnly(branch));
  const suffix = nullable ? '.nullable()' : '';
  if (others.length === 1 && others[0])
    return `${zodExpression(others[0], context, `${at}.${keyword}`, indent)}${suffix}`;
  const inner = `${indent}  `;
  const options = others.map(
    (branch, i) => `${inner}${zodExpression(branch, context, `${at}.${keyword}.${i}`, inner)},\n`,
  );
  // z.union accepts what any branch accepts; oneOf wants exactly one. The spec's branches are disjoint by type (or
  // by minItems), so the two agree; the drift test compares the branches one by one.
  return `z.union([\n${options.join('')}${indent}], ${message(rules.union(others, nullable, context.document))})${suffix}`;
}

function baseExpression(
  schema: JsonSchema,
  context: ExpressionContext,
  at: string,
  indent: string,
  described: (expression: string) => string,
): string {
  if (typeof schema.$ref === 'string') {
    const extra = Object.keys(schema).filter(
      (key) => key !== '$ref' && !annotations.has(key) && !key.startsWith('x-'),
    );
    if (extra.length > 0)
      throw new Error(`${at}: keywords beside $ref are not handled (${extra.join(', ')})`);
    // A refined schema keeps its bounds for @anatine/zod-openapi on the instance (see withPropertyCount), which
    // .describe() would replace by a copy without them: a reference to it stays the same instance.
    return hasPropertyCount(resolveComponent(schema, context.document))
      ? context.constFor(schema.$ref)
      : described(context.constFor(schema.$ref));
  }
  if (schema.oneOf || schema.anyOf) {
    if (schema.type || schema.properties)
      throw new Error(`${at}: oneOf/anyOf beside type or properties is not handled`);
    return described(unionExpression(schema, context, at, indent));
  }
  const types = typesOf(schema);
  const orNull = orNullOf(types.includes('null'));
  const nullable = orNull ? '.nullable()' : '';
  if ('const' in schema) {
    return described(
      `z.literal(${q(schema.const)}, ${message(rules.const(schema.const, orNull))})${nullable}`,
    );
  }
  if (Array.isArray(schema.enum)) {
    const values: unknown[] = schema.enum.filter((value: unknown) => value !== null);
    const enumNullable = values.length < schema.enum.length || orNull ? '.nullable()' : '';
    const text = message(rules.enum(values, orNullOf(enumNullable !== '')));
    if (values.every((value) => typeof value === 'string')) {
      return described(`z.enum([${values.map(q).join(', ')}], ${text})${enumNullable}`);
    }
    const literals = values.map((value) => `z.literal(${q(value)})`).join(', ');
    return described(`z.union([${literals}], ${text})${enumNullable}`);
  }
  const concrete = types.filter((type) => type !== 'null');
  if (concrete.length === 0) return described(types.includes('null') ? 'z.null()' : 'z.unknown()');
  if (concrete.length > 1) throw new Error(`${at}: a type list other than [T, "null"] is not handled`);
  const [type] = concrete;
  switch (type) {
    case 'string':
      return described(stringExpression(schema, orNull, at) + nullable);
    case 'integer':
    case 'number':
      return described(numberExpression(schema, type, orNull, at) + nullable);
    case 'boolean':
      return described(`z.boolean(${message(rules.boolean(orNull))})${nullable}`);
    case 'array':
      return described(arrayExpression(schema, context, at, indent) + nullable);
    case 'object':
      return objectExpression(schema, context, at, indent, described) + nullable;
    default:
      throw new Error(`${at}: type "${type}" is not handled`);
  }
}

/** The zod expression of one JSON Schema 2020-12 node of the spec. */
export function zodExpression(
  schema: JsonSchema,
  context: ExpressionContext,
  at: string,
  indent = '',
  options: { allowDefault?: boolean } = {},
): string {
  checkKeywords(schema, at);
  if (schema.default !== undefined && !options.allowDefault) {
    throw new Error(`${at}: a default outside an object property is not handled`);
  }
  const description = typeof schema.description === 'string' ? schema.description.trim() : '';
  const described = (expression: string) =>
    description ? `${expression}.describe(${q(description)})` : expression;
  return baseExpression(schema, context, at, indent, described);
}
