import { hasPropertyCount } from './jsonSchema.js';
import { rules } from './ruleMessages.js';
import type { Check, WalkContext, ZodDialect } from './zodSchemaWalk.js';

// The two spellings of the one walk (zodSchemaWalk.ts): zod 3's chained methods, with descriptions for docs and
// @anatine/zod-openapi, and zod mini's functions, which bundlers can tree-shake, without descriptions.

const q = (value: unknown) => JSON.stringify(value);
const shapeOf = (properties: string[], indent: string) => `{\n${properties.join('')}${indent}}`;
const unionOf = (options: string[], indent: string) =>
  `[\n${options.map((option) => `${indent}  ${option},\n`).join('')}${indent}]`;

/** zod 3: each message through `withMessage`, so a wrong type and a broken rule are worded apart. */
const withMessage = (text: string) => `withMessage(${q(text)})`;

const zod3Methods: Record<Check['kind'], string> = {
  int: 'int',
  min: 'min',
  max: 'max',
  gt: 'gt',
  lt: 'lt',
  multipleOf: 'multipleOf',
  minLength: 'min',
  maxLength: 'max',
  pattern: 'regex',
};

function zod3Checks(checks: Check[]): string {
  return checks
    .map(({ kind, value, message }) => {
      const options = `{ message: ${q(message)} }`;
      if (kind === 'int') return `.int(${options})`;
      if (kind === 'pattern') return `.regex(new RegExp(${q(value)}), ${options})`;
      return `.${zod3Methods[kind]}(${value}, ${options})`;
    })
    .join('');
}

const zod3StringFormats: Record<string, (message: string) => string> = {
  // `offset: true`: the spec's date-times are RFC 3339, which allows `+02:00` as well as `Z`.
  'date-time': (message) => `.datetime({ offset: true, message: ${q(message)} })`,
  uri: (message) => `.url({ message: ${q(message)} })`,
};

export const zod3Dialect: ZodDialect = {
  nullable: (expression) => `${expression}.nullable()`,
  describe: (expression, description) => `${expression}.describe(${q(description)})`,
  literal: (value, message) => `z.literal(${q(value)}, ${withMessage(message)})`,
  stringEnum: (values, message) => `z.enum([${values.map(q).join(', ')}], ${withMessage(message)})`,
  literalUnion: (values, message) =>
    `z.union([${values.map((value) => `z.literal(${q(value)})`).join(', ')}], ${withMessage(message)})`,
  union: (options, message, indent) => `z.union(${unionOf(options, indent)}, ${withMessage(message)})`,
  boolean: (message) => `z.boolean(${withMessage(message)})`,
  number: (message, checks) => `z.number(${withMessage(message)})${zod3Checks(checks)}`,
  string(message, checks, format, at) {
    let expression = `z.string(${withMessage(message)})`;
    if (format) {
      const check = zod3StringFormats[format.name];
      if (!check || !format.message)
        throw new Error(`${at}: no zod check for format "${format.name}"; add one to zod3StringFormats`);
      expression += check(format.message);
    }
    return expression + zod3Checks(checks);
  },
  array: (items, message, checks) => `z.array(${items}, ${withMessage(message)})${zod3Checks(checks)}`,
  never: (message) => `z.never(${withMessage(message)})`,
  object({ properties, rest, schema, context, indent, describe }) {
    let expression = `z.object(${shapeOf(properties, indent)}, ${withMessage(rules.object)})`;
    if (rest === 'closed') expression += `.strict(${q(rules.unknownField(schema))})`;
    // An open object in the spec: unknown fields are valid and kept, as a server that ignores them would see them.
    else if (rest === 'open') expression += '.passthrough()';
    else expression += `.catchall(${rest.expression})`;
    expression = describe(expression);
    if (!hasPropertyCount(schema)) return expression;
    context.helpersUsed?.add('withPropertyCount');
    const bounds = (['minProperties', 'maxProperties'] as const)
      .filter((key) => schema[key] !== undefined)
      .map((key) => `${key}: ${schema[key]}`);
    return `withPropertyCount(${expression}, { ${bounds.join(', ')} })`;
  },
  optional: (expression) => `${expression}.optional()`,
  withDefault: (expression, value) => `${expression}.default(${q(value)})`,
};

/** zod mini takes one message per schema: this one words a wrong type apart from every other rule. */
const typeOr = (typeMessage: string, otherMessage: string) =>
  `{ error: (issue) => (issue.code === "invalid_type" ? ${q(typeMessage)} : ${q(otherMessage)}) }`;

const miniFunctions: Record<Exclude<Check['kind'], 'int'>, string> = {
  min: 'gte',
  max: 'lte',
  gt: 'gt',
  lt: 'lt',
  multipleOf: 'multipleOf',
  minLength: 'minLength',
  maxLength: 'maxLength',
  pattern: 'regex',
};

function miniCheck({ kind, value, message }: Check, context: WalkContext | undefined): string {
  if (kind === 'pattern') return `z.regex(new RegExp(${q(value)}), ${q(message)})`;
  if (kind === 'int') {
    // A check rather than z.int(): a wrong type stops zod at once, a broken rule does not, so 0.5 for an integer of
    // at least 1 breaks both rules, as the zod 3 set reports it. Not multipleOf(1) either, which let 1e-300 through
    // (src/integerCheck.ts says why).
    context?.helpersUsed?.add('integerCheck');
    return `integerCheck(${q(message)})`;
  }
  return `z.${miniFunctions[kind]}(${value}, ${q(message)})`;
}

function withMiniChecks(expression: string, checks: Check[], context?: WalkContext): string {
  if (checks.length === 0) return expression;
  return `${expression}.check(${checks.map((check) => miniCheck(check, context)).join(', ')})`;
}

const miniStringFormats: Record<string, (params: string) => string> = {
  'date-time': (params) => `z.iso.datetime({ offset: true, ...${params} })`,
  uri: (params) => `z.url(${params})`,
};

export const zodMiniDialect: ZodDialect = {
  nullable: (expression) => `z.nullable(${expression})`,
  describe: (expression) => expression,
  literal: (value, message) => `z.literal(${q(value)}, ${q(message)})`,
  stringEnum: (values, message) => `z.enum([${values.map(q).join(', ')}], ${q(message)})`,
  literalUnion: (values, message) =>
    `z.union([${values.map((value) => `z.literal(${q(value)})`).join(', ')}], ${q(message)})`,
  union: (options, message, indent) => `z.union(${unionOf(options, indent)}, ${q(message)})`,
  boolean: (message) => `z.boolean(${q(message)})`,
  number: (message, checks, context) => withMiniChecks(`z.number(${q(message)})`, checks, context),
  string(message, checks, format, at) {
    if (!format) return withMiniChecks(`z.string(${q(message)})`, checks);
    const schema = miniStringFormats[format.name];
    if (!schema || !format.message)
      throw new Error(`${at}: no zod mini schema for format "${format.name}"; add one to miniStringFormats`);
    return withMiniChecks(schema(typeOr(message, format.message)), checks);
  },
  array: (items, message, checks) => withMiniChecks(`z.array(${items}, ${q(message)})`, checks),
  never: (message) => `z.never(${q(message)})`,
  object({ properties, rest, schema, at, indent }) {
    if (hasPropertyCount(schema)) {
      throw new Error(`${at}: minProperties/maxProperties are not handled by the request validators yet`);
    }
    const shape = shapeOf(properties, indent);
    if (rest === 'closed')
      return `z.strictObject(${shape}, ${typeOr(rules.object, rules.unknownField(schema))})`;
    // An open object in the spec: unknown fields are valid and kept, as a server that ignores them would see them.
    if (rest === 'open') return `z.looseObject(${shape}, ${q(rules.object)})`;
    return `z.catchall(z.object(${shape}, ${q(rules.object)}), ${rest.expression})`;
  },
  optional: (expression) => `z.optional(${expression})`,
  withDefault: (expression, value) => `z._default(${expression}, ${q(value)})`,
};
