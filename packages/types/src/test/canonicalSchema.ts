import { integerRange } from '../../scripts/integerFormats.js';
import type { JsonSchema } from '../../scripts/jsonSchema.js';

/**
 * One form for a schema whichever way it was written, so the spec's JSON Schema 2020-12 and what
 * @anatine/zod-openapi's `generateSchema` says of a zod schema can be compared key by key:
 * - `type` is a sorted list without "null"; null-ability is `nullable: true`, whether it came from
 *   `type: [T, "null"]`, a `{ type: "null" }` branch of `oneOf`, or OpenAPI 3.0's `nullable`;
 * - `const` is a one-value `enum`; enums are sorted; `required` is sorted and absent when empty;
 * - `additionalProperties` is kept only when it restricts (`false` or a schema): `true` and absent both mean open;
 * - a `oneOf` left with one branch once null is taken out is that branch;
 * - annotations (descriptions, titles, examples, `contentEncoding`) are dropped: they validate nothing;
 * - an integer's `int32`/`int64` format becomes the bounds it checks (see scripts/integerFormats.ts);
 * - with `keepReferences`, `$ref` stays a `{ ref: name }` marker (the spec side; zod output has no references);
 * - a refused field (`not: {}`, z.never()) is `{ refused: true }`.
 */
export type Canonical = { [keyword: string]: unknown };

const dropped = new Set([
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
  // @anatine/zod-openapi's own bookkeeping.
  'hideDefinitions',
]);
const copied = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
];
const structural = ['$ref', 'type', 'nullable', 'const', 'enum', 'default', 'properties', 'required'];
const nested = ['additionalProperties', 'items', 'oneOf', 'anyOf'];
const known = new Set([...dropped, ...copied, ...structural, ...nested, 'not']);

const referencePrefix = '#/components/schemas/';
const stable = (value: unknown) => JSON.stringify(value);

export function canonicalSchema(schema: JsonSchema, options: { keepReferences: boolean }): Canonical {
  for (const key of Object.keys(schema)) {
    if (!known.has(key) && !key.startsWith('x-'))
      throw new Error(`canonicalSchema does not know the keyword ${key}`);
  }
  // A refused field: `not: {}` in the spec; @anatine/zod-openapi writes z.never() as a bare `readOnly: true`.
  const untyped = Object.keys(schema).every((key) => dropped.has(key) || key.startsWith('x-'));
  if (('not' in schema && stable(schema.not) === '{}') || (schema.readOnly === true && untyped)) {
    return { refused: true };
  }
  if (typeof schema.$ref === 'string') {
    if (!options.keepReferences) throw new Error(`unexpected $ref ${schema.$ref}`);
    return { ref: schema.$ref.replace(referencePrefix, '') };
  }
  const out: Canonical = {};
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  let nullable = types.includes('null') || schema.nullable === true;
  const values: unknown[] | undefined = 'const' in schema ? [schema.const] : schema.enum;
  // generateSchema writes z.null() as { type: ['string', 'null'], enum: ['null'] } in 3.1 mode: that is plain null.
  if (nullable && stable(values) === stable(['null'])) return { nullable: true };

  const concrete = types.filter((type) => type !== 'null').sort();
  if (concrete.length > 0) out.type = concrete;
  else if (schema.properties) out.type = ['object'];
  if (values) {
    if (values.includes(null)) nullable = true;
    out.enum = values
      .filter((value) => value !== null)
      .sort((x, y) => (stable(x) < stable(y) ? -1 : stable(x) > stable(y) ? 1 : 0));
  }
  for (const key of copied) if (schema[key] !== undefined) out[key] = schema[key];
  // OpenAPI 3.0 writes an exclusive bound as a boolean beside minimum/maximum; 3.1 as the number itself.
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[exclusive] === true) {
      out[exclusive] = schema[inclusive];
      delete out[inclusive];
    } else if (schema[exclusive] === false) {
      delete out[exclusive];
    }
  }
  if (stable(out.type) === stable(['integer']) && (schema.format === 'int32' || schema.format === 'int64')) {
    // Compared as what the validators check: int32 as its range, int64 as no more than an integer.
    const { minimum, maximum } = integerRange(schema, 'integer', 'canonicalSchema');
    delete out.format;
    if (minimum !== undefined) out.minimum = minimum;
    if (maximum !== undefined) out.maximum = maximum;
  }
  if (schema.default !== undefined) out.default = stable(schema.default);
  // zod writes a map-like object (only additionalProperties) with an empty `properties`: the same as none.
  if (schema.properties && Object.keys(schema.properties).length > 0) {
    out.properties = Object.fromEntries(
      Object.entries<JsonSchema>(schema.properties).map(([key, value]) => [
        key,
        canonicalSchema(value, options),
      ]),
    );
  }
  if (Array.isArray(schema.required) && schema.required.length > 0)
    out.required = [...schema.required].sort();
  if (schema.additionalProperties === false) out.additionalProperties = false;
  else if (schema.additionalProperties && schema.additionalProperties !== true) {
    out.additionalProperties = canonicalSchema(schema.additionalProperties, options);
  }
  if (schema.items) out.items = canonicalSchema(schema.items, options);

  const branches: JsonSchema[] | undefined = schema.oneOf ?? schema.anyOf;
  if (branches) {
    const isNull = (branch: Canonical) => stable(branch) === stable({ nullable: true });
    const canonicalBranches = branches.map((branch) => canonicalSchema(branch, options));
    if (canonicalBranches.some(isNull)) nullable = true;
    const others = canonicalBranches.filter((branch) => !isNull(branch));
    if (others.length === 1 && others[0] && Object.keys(out).length === 0) {
      return nullable ? { ...others[0], nullable: true } : others[0];
    }
    out.oneOf = others;
  }
  if (nullable) out.nullable = true;
  return out;
}
