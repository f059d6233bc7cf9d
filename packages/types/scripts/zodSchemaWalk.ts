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

/**
 * The one walk of a JSON Schema 2020-12 node into a zod expression, shared by the zod 3 set and the zod mini set:
 * which keywords are handled, how `$ref`, unions, enums, null-ability, defaults and presence are read, and which rule
 * each bound is, worded by `ruleMessages.ts`. A dialect (zodDialects.ts) only spells the result in its API, so the two
 * sets cannot read the spec differently.
 */

/** One rule of a number, string or array schema, in the order the walk checks them, with its message. */
export interface Check {
  kind: 'int' | 'min' | 'max' | 'gt' | 'lt' | 'multipleOf' | 'minLength' | 'maxLength' | 'pattern';
  value: number | string;
  message: string;
}

/** Hand-written modules of this package that generated code may import, each from `./<name>.js`. */
export type WalkHelper = 'withPropertyCount' | 'integerCheck';

/** What the walk needs from the module being written. */
export interface WalkContext {
  document: OpenApiDocument;
  /** The const a `#/components/schemas/X` reference becomes. */
  constFor(ref: string): string;
  /** Runtime helpers of the package the written module imports (`withPropertyCount`, `integerCheck`). */
  helpersUsed?: Set<WalkHelper>;
}

/** How one zod API spells each construct; the walk decides what is built. */
export interface ZodDialect {
  nullable(expression: string): string;
  /** A description for docs (the zod 3 set); the mini set ships to browsers and leaves them out. */
  describe(expression: string, description: string): string;
  literal(value: unknown, message: string): string;
  stringEnum(values: string[], message: string): string;
  literalUnion(values: unknown[], message: string): string;
  union(options: string[], message: string, indent: string): string;
  boolean(message: string): string;
  number(message: string, checks: Check[], context: WalkContext): string;
  /** `format` is given with its message when the schema has one; an unknown format is the dialect's to refuse. */
  string(
    message: string,
    checks: Check[],
    format: { name: string; message: string } | undefined,
    at: string,
  ): string;
  array(items: string, message: string, checks: Check[]): string;
  /** Refuses every value: a field the spec names only to refuse it. */
  never(message: string): string;
  /**
   * `properties` are the lines of the shape; `rest` is what other fields must be: `closed` (refused), `open`
   * (kept as they are) or the expression of their schema. `describe` applies the description where the dialect wants it.
   */
  object(object: {
    properties: string[];
    rest: 'closed' | 'open' | { expression: string };
    schema: JsonSchema;
    context: WalkContext;
    at: string;
    indent: string;
    describe: (expression: string) => string;
  }): string;
  optional(expression: string): string;
  withDefault(expression: string, value: unknown): string;
}

// Every keyword that is not an annotation must be handled below. An unknown one stops the generator instead of being
// dropped, so a bound added to the spec can never be silently missing from the validators.
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
  'not',
]);

export function checkKeywords(schema: JsonSchema, at: string): void {
  for (const key of Object.keys(schema)) {
    if (key.startsWith('x-') || annotations.has(key) || handled.has(key)) continue;
    throw new Error(
      `${at}: the zod generators do not handle the keyword "${key}"; teach scripts/zodSchemaWalk.ts`,
    );
  }
}

function numberChecks(schema: JsonSchema, type: string, at: string): Check[] {
  const { minimum, maximum } = integerRange(schema, type, at);
  const checks: Check[] = [];
  if (type === 'integer') checks.push({ kind: 'int', value: 1, message: rules.integer(schema) });
  if (minimum !== undefined) checks.push({ kind: 'min', value: minimum, message: rules.minimum(minimum) });
  if (maximum !== undefined) checks.push({ kind: 'max', value: maximum, message: rules.maximum(maximum) });
  const { exclusiveMinimum: above, exclusiveMaximum: below, multipleOf } = schema;
  if (typeof above === 'number')
    checks.push({ kind: 'gt', value: above, message: rules.exclusiveMinimum(above) });
  if (typeof below === 'number')
    checks.push({ kind: 'lt', value: below, message: rules.exclusiveMaximum(below) });
  if (multipleOf !== undefined)
    checks.push({ kind: 'multipleOf', value: multipleOf, message: rules.multipleOf(multipleOf) });
  return checks;
}

function stringChecks(schema: JsonSchema): Check[] {
  const checks: Check[] = [];
  const { minLength, maxLength, pattern } = schema;
  if (minLength !== undefined)
    checks.push({ kind: 'minLength', value: minLength, message: rules.minLength(minLength) });
  if (maxLength !== undefined)
    checks.push({ kind: 'maxLength', value: maxLength, message: rules.maxLength(maxLength) });
  if (pattern !== undefined)
    checks.push({ kind: 'pattern', value: pattern, message: rules.pattern(pattern) });
  return checks;
}

function arrayChecks(schema: JsonSchema): Check[] {
  const checks: Check[] = [];
  const { minItems, maxItems } = schema;
  if (minItems !== undefined)
    checks.push({ kind: 'minLength', value: minItems, message: rules.minItems(minItems) });
  if (maxItems !== undefined)
    checks.push({ kind: 'maxLength', value: maxItems, message: rules.maxItems(maxItems) });
  return checks;
}

/** The lines of an object's shape: each property with its presence (a default, optional unless required). */
function shapeLines(
  dialect: ZodDialect,
  schema: JsonSchema,
  context: WalkContext,
  at: string,
  inner: string,
): string[] {
  const required = new Set<string>(schema.required ?? []);
  for (const key of required) {
    if (!(key in (schema.properties ?? {})))
      throw new Error(`${at}: required "${key}" has no property schema`);
  }
  return Object.entries<JsonSchema>(schema.properties ?? {}).map(([key, property]) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
    const expression = zodSchemaExpression(dialect, property, context, `${at}.${key}`, inner, {
      allowDefault: true,
    });
    const present =
      property.default !== undefined
        ? dialect.withDefault(expression, property.default)
        : required.has(key)
          ? expression
          : dialect.optional(expression);
    return `${inner}${name}: ${present},\n`;
  });
}

function unionExpression(
  dialect: ZodDialect,
  schema: JsonSchema,
  context: WalkContext,
  at: string,
  indent: string,
): string {
  const keyword = schema.oneOf ? 'oneOf' : 'anyOf';
  const branches: JsonSchema[] = schema[keyword];
  const nullable = branches.some(isNullOnly);
  const others = branches.filter((branch) => !isNullOnly(branch));
  const orNull = (expression: string) => (nullable ? dialect.nullable(expression) : expression);
  if (others.length === 1 && others[0])
    return orNull(zodSchemaExpression(dialect, others[0], context, `${at}.${keyword}`, indent));
  const inner = `${indent}  `;
  const options = others.map((branch, i) =>
    zodSchemaExpression(dialect, branch, context, `${at}.${keyword}.${i}`, inner),
  );
  // A union accepts what any branch accepts; oneOf wants exactly one. The spec's branches are disjoint by type (or
  // by minItems), so the two agree; the drift test compares the branches one by one.
  return orNull(dialect.union(options, rules.union(others, nullable, context.document), indent));
}

function baseExpression(
  dialect: ZodDialect,
  schema: JsonSchema,
  context: WalkContext,
  at: string,
  indent: string,
  describe: (expression: string) => string,
): string {
  if ('not' in schema) {
    // Only the refusal form, `not: {}` with `x-instead`: OpenAI fields the service does not take are named so that
    // a client sending one is told what to use instead, never silently ignored.
    const others = Object.keys(schema).filter(
      (key) => key !== 'not' && !annotations.has(key) && !key.startsWith('x-'),
    );
    if (Object.keys(schema.not).length > 0 || others.length > 0 || typeof schema['x-instead'] !== 'string')
      throw new Error(`${at}: only "not: {}" with "x-instead" and nothing else is handled`);
    return describe(dialect.never(rules.refused(schema['x-instead'])));
  }
  if (typeof schema.$ref === 'string') {
    const extra = Object.keys(schema).filter(
      (key) => key !== '$ref' && !annotations.has(key) && !key.startsWith('x-'),
    );
    if (extra.length > 0)
      throw new Error(`${at}: keywords beside $ref are not handled (${extra.join(', ')})`);
    // A refined schema keeps its bounds for @anatine/zod-openapi on the instance (see withPropertyCount), which
    // .describe() would replace by a copy without them: a reference to it stays the same instance.
    const name = context.constFor(schema.$ref);
    return hasPropertyCount(resolveComponent(schema, context.document)) ? name : describe(name);
  }
  if (schema.oneOf || schema.anyOf) {
    if (schema.type || schema.properties)
      throw new Error(`${at}: oneOf/anyOf beside type or properties is not handled`);
    return describe(unionExpression(dialect, schema, context, at, indent));
  }
  const types = typesOf(schema);
  const orNull = orNullOf(types.includes('null'));
  const nullable = (expression: string) => (orNull ? dialect.nullable(expression) : expression);
  if ('const' in schema)
    return describe(nullable(dialect.literal(schema.const, rules.const(schema.const, orNull))));
  if (Array.isArray(schema.enum)) {
    const values: unknown[] = schema.enum.filter((value: unknown) => value !== null);
    const enumNullable = values.length < schema.enum.length || orNull !== '';
    const text = rules.enum(values, orNullOf(enumNullable));
    const expression = values.every((value) => typeof value === 'string')
      ? dialect.stringEnum(values as string[], text)
      : dialect.literalUnion(values, text);
    return describe(enumNullable ? dialect.nullable(expression) : expression);
  }
  const concrete = types.filter((type) => type !== 'null');
  if (concrete.length === 0) return describe(types.includes('null') ? 'z.null()' : 'z.unknown()');
  if (concrete.length > 1) throw new Error(`${at}: a type list other than [T, "null"] is not handled`);
  const [type] = concrete;
  switch (type) {
    case 'string': {
      const format =
        schema.format === undefined
          ? undefined
          : { name: schema.format, message: rules.format[schema.format] ?? '' };
      return describe(nullable(dialect.string(rules.string(orNull), stringChecks(schema), format, at)));
    }
    case 'integer':
    case 'number':
      return describe(
        nullable(dialect.number(rules.number(schema, type, orNull), numberChecks(schema, type, at), context)),
      );
    case 'boolean':
      return describe(nullable(dialect.boolean(rules.boolean(orNull))));
    case 'array': {
      const items = schema.items
        ? zodSchemaExpression(dialect, schema.items, context, `${at}.items`, indent)
        : 'z.unknown()';
      return describe(nullable(dialect.array(items, rules.array, arrayChecks(schema))));
    }
    case 'object': {
      const properties = shapeLines(dialect, schema, context, at, `${indent}  `);
      const { additionalProperties } = schema;
      const rest =
        additionalProperties === false
          ? 'closed'
          : additionalProperties && additionalProperties !== true
            ? {
                expression: zodSchemaExpression(
                  dialect,
                  additionalProperties,
                  context,
                  `${at}.additionalProperties`,
                  indent,
                ),
              }
            : 'open';
      return nullable(dialect.object({ properties, rest, schema, context, at, indent, describe }));
    }
    default:
      throw new Error(`${at}: type "${type}" is not handled`);
  }
}

/** The expression of one JSON Schema 2020-12 node of the spec, in `dialect`. */
export function zodSchemaExpression(
  dialect: ZodDialect,
  schema: JsonSchema,
  context: WalkContext,
  at: string,
  indent = '',
  options: { allowDefault?: boolean } = {},
): string {
  checkKeywords(schema, at);
  if (schema.default !== undefined && !options.allowDefault) {
    throw new Error(`${at}: a default outside an object property is not handled`);
  }
  const description = typeof schema.description === 'string' ? schema.description.trim() : '';
  const describe = (expression: string) =>
    description ? dialect.describe(expression, description) : expression;
  const instead = schema['x-instead'];
  const spoken = typeof instead === 'string' && !('not' in schema) ? withInstead(dialect, instead) : dialect;
  return baseExpression(spoken, schema, context, at, indent, describe);
}

/** The dialect with every rule message of one node followed by what to use instead (`x-instead`). */
function withInstead(dialect: ZodDialect, instead: string): ZodDialect {
  const say = (message: string) => rules.withInstead(message, instead);
  const sayAll = (checks: Check[]) => checks.map((check) => ({ ...check, message: say(check.message) }));
  return {
    ...dialect,
    literal: (value, message) => dialect.literal(value, say(message)),
    stringEnum: (values, message) => dialect.stringEnum(values, say(message)),
    literalUnion: (values, message) => dialect.literalUnion(values, say(message)),
    boolean: (message) => dialect.boolean(say(message)),
    number: (message, checks, context) => dialect.number(say(message), sayAll(checks), context),
    string: (message, checks, format, at) =>
      dialect.string(say(message), sayAll(checks), format && { ...format, message: say(format.message) }, at),
    array: (items, message, checks) => dialect.array(items, say(message), sayAll(checks)),
  };
}
