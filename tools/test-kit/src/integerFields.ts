import fc from 'fast-check';

/**
 * Every integer field and parameter of every request the spec describes, found by walking the spec model (references,
 * unions, objects, array items), with the bounds the spec gives it; and doubles to throw at them. The validators' and
 * the simulator's integer properties both take their cases from here, so a field added to the spec is covered by both.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes are walked generically.
type Schema = Record<string, any>;

/** What the walk reads of `@inference-infra/types/spec-model`'s model, so test-kit needs no dependency on it. */
export interface SpecModelLike {
  operations: readonly {
    operationId: string;
    parameters: readonly { name: string; in: string; required: boolean; schema: Schema; example: unknown }[];
    requestBody?: { content: Record<string, { schema: Schema; example: unknown }> };
  }[];
  resolve(pointer: string): { value: Schema };
}

export interface IntegerField {
  operationId: string;
  part: 'path' | 'query' | 'body';
  /** Where the integer sits in its part: property names, and 0 for an array's first item. */
  path: readonly (string | number)[];
  /** The path dotted, as the validators and the spec's error body name the field: `input.0.0`. */
  field: string;
  /** Inclusive bounds, an `int32` format's included; ±Infinity where the spec leaves a side open. */
  minimum: number;
  maximum: number;
  /** What the spec allows here: an integer within the bounds (exclusive ones too). */
  allows(value: number): boolean;
  /** The part as the spec's example sends it, with `value` put at `path`. */
  partWith(value: unknown): unknown;
}

const int32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

function boundsOf(schema: Schema): Pick<IntegerField, 'minimum' | 'maximum' | 'allows'> {
  const format = schema.format === 'int32' ? int32 : { minimum: -Infinity, maximum: Infinity };
  const minimum = Math.max(schema.minimum ?? -Infinity, format.minimum);
  const maximum = Math.min(schema.maximum ?? Infinity, format.maximum);
  const above = schema.exclusiveMinimum ?? -Infinity;
  const below = schema.exclusiveMaximum ?? Infinity;
  return {
    minimum,
    maximum,
    allows: (value) =>
      Number.isInteger(value) && value >= minimum && value <= maximum && value > above && value < below,
  };
}

/** `base` with `value` at `path`; an array on the way becomes one item, so no sibling of another branch stays. */
function withValueAt(base: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (typeof key === 'number') return [withValueAt(undefined, rest, value)];
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? base : {};
  return { ...object, [key]: withValueAt((object as Schema)[key], rest, value) };
}

function integerPaths(model: SpecModelLike, schema: Schema, path: (string | number)[], refs: string[]) {
  const found: { path: (string | number)[]; schema: Schema }[] = [];
  if (typeof schema.$ref === 'string') {
    if (refs.includes(schema.$ref)) return found;
    return integerPaths(model, model.resolve(schema.$ref).value, path, [...refs, schema.$ref]);
  }
  for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
    found.push(...integerPaths(model, branch, path, refs));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) found.push({ path, schema });
  for (const [name, property] of Object.entries<Schema>(schema.properties ?? {}))
    found.push(...integerPaths(model, property, [...path, name], refs));
  if (schema.items) found.push(...integerPaths(model, schema.items, [...path, 0], refs));
  if (typeof schema.additionalProperties === 'object')
    found.push(...integerPaths(model, schema.additionalProperties, [...path, 'any_key'], refs));
  return found;
}

/** Every integer field of every request of the spec, each once. */
export function integerFieldsOf(model: SpecModelLike): IntegerField[] {
  const fields = new Map<string, IntegerField>();
  for (const operation of model.operations) {
    const { operationId } = operation;
    const parameters = (location: string) => operation.parameters.filter((p) => p.in === location);
    const examplesOf = (location: string) =>
      Object.fromEntries(parameters(location).flatMap((p) => (p.required ? [[p.name, p.example]] : [])));
    const roots: { part: IntegerField['part']; schema: Schema; base: unknown }[] = [
      ...(['path', 'query'] as const).map((part) => ({
        part,
        schema: { properties: Object.fromEntries(parameters(part).map((p) => [p.name, p.schema])) },
        base: examplesOf(part),
      })),
    ];
    const body = operation.requestBody?.content['application/json'];
    if (body) roots.push({ part: 'body', schema: body.schema, base: body.example });
    for (const { part, schema: root, base } of roots) {
      for (const { path, schema } of integerPaths(model, root, [], [])) {
        const field = path.join('.');
        fields.set(`${operationId} ${part} ${field}`, {
          operationId,
          part,
          path,
          field,
          ...boundsOf(schema),
          partWith: (value) => withValueAt(base, path, value),
        });
      }
    }
  }
  return [...fields.values()];
}

/**
 * Doubles of every kind an integer rule must judge: any double (subnormals, ±0, the largest, NaN and ±Infinity),
 * tiny ones (what `multipleOf(1)` let through), a few known traps, and integers and near-integers at the bounds.
 */
export function doublesFor(field: Pick<IntegerField, 'minimum' | 'maximum'>): fc.Arbitrary<number> {
  const bounds = [field.minimum, field.maximum, 0].filter(Number.isFinite);
  const nearBound = fc.constantFrom(...bounds).chain((bound) =>
    fc.oneof(
      fc.integer({ min: -2, max: 2 }).map((step) => bound + step),
      fc.double({ min: -1, max: 1, noNaN: true }).map((offset) => bound + offset),
      fc.double({ min: -1e-9, max: 1e-9, noNaN: true }).map((offset) => bound + offset),
    ),
  );
  return fc.oneof(
    fc.double(),
    fc.double({ min: -1e-5, max: 1e-5 }),
    fc.constantFrom(1.175494351e-38, 1e-300, 5e-324, -5e-324, 1e-7, 0.5, -0, 1e20, 1.5e300, 2 ** 53 + 2),
    nearBound,
  );
}

/** The doubles above that are no integer and that JSON can carry (finite): every one must be refused. */
export function nonIntegerDoublesFor(field: Pick<IntegerField, 'minimum' | 'maximum'>): fc.Arbitrary<number> {
  return doublesFor(field).filter((value) => Number.isFinite(value) && !Number.isInteger(value));
}
