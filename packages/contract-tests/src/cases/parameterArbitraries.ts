import fc from 'fast-check';
import { typesOf } from '../model/schemaTypes.js';
import type { ContractSpec, SpecOperation, SpecParameter } from '../model/spec.js';

/** A request's parameters within the spec's bounds: what the generic checks send. */
export interface ParameterCase {
  pathParams: Record<string, string>;
  query: Record<string, string | number | boolean>;
}

/**
 * Characters of a generated text value: letters, digits, `_` and `-`. No `.` (a path segment `.` or `..` names another
 * path, which servers refuse before any operation), no `/`, `%` or space, which a server may read as another path or
 * spelling; within that, any text the spec allows for a string without a pattern.
 */
const safeCharacter = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'.split(''),
);

/** Integers far past these are allowed by an unbounded schema but say nothing more, and may lose precision as text. */
const largestInteger = 2 ** 31 - 1;

function numberBound(schema: Record<string, unknown>, key: string): number | undefined {
  return typeof schema[key] === 'number' ? (schema[key] as number) : undefined;
}

/** Values of one parameter's schema, the spec's example among the first tried (fast-check starts from it). */
function valuesOf(spec: ContractSpec, parameter: SpecParameter): fc.Arbitrary<string | number | boolean> {
  const schema = spec.resolve(parameter.schemaPointer).value;
  const example = parameter.example;
  const withExample = (arbitrary: fc.Arbitrary<string | number | boolean>) =>
    typeof example === 'string' || typeof example === 'number' || typeof example === 'boolean'
      ? fc.oneof({ arbitrary: fc.constant(example), weight: 1 }, { arbitrary, weight: 3 })
      : arbitrary;
  if ('const' in schema) return fc.constant(schema.const as string | number | boolean);
  if (Array.isArray(schema.enum))
    return fc.constantFrom(...(schema.enum as Array<string | number | boolean>));
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  if (type === 'integer' || type === 'number') {
    const exclusiveMin = numberBound(schema, 'exclusiveMinimum');
    const exclusiveMax = numberBound(schema, 'exclusiveMaximum');
    const min = Math.max(
      numberBound(schema, 'minimum') ?? (exclusiveMin !== undefined ? Math.floor(exclusiveMin) + 1 : 0),
      -largestInteger,
    );
    const max = Math.min(
      numberBound(schema, 'maximum') ??
        (exclusiveMax !== undefined ? Math.ceil(exclusiveMax) - 1 : largestInteger),
      largestInteger,
    );
    // Whole numbers for a `number` too: a decimal's spelling is a choice of the client, not of the spec.
    return withExample(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }));
  }
  if (type === 'boolean') return fc.boolean();
  if (typeof schema.pattern === 'string') {
    return withExample(
      fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((text) => /^[\w-]+$/.test(text)),
    );
  }
  const minLength = Math.max(numberBound(schema, 'minLength') ?? 1, 1);
  const maxLength = Math.max(numberBound(schema, 'maxLength') ?? 24, minLength);
  return withExample(
    fc.string({ unit: safeCharacter, minLength, maxLength: Math.min(maxLength, minLength + 32) }),
  );
}

/**
 * Requests of an operation within the spec's bounds, drawn from its parameters' schemas: every path parameter, every
 * required query parameter, and each optional one present or absent. A path parameter then names a resource that
 * may or may not exist, which the generic checks allow for: any answer the operation documents.
 */
export function parameterCases(spec: ContractSpec, op: SpecOperation): fc.Arbitrary<ParameterCase> {
  const path = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    pathParams: fc.record(
      Object.fromEntries(path.map((p) => [p.name, valuesOf(spec, p).map((value) => String(value))])),
    ),
    query: fc
      .record(
        Object.fromEntries(
          query.map((p) => [
            p.name,
            p.required ? valuesOf(spec, p) : fc.option(valuesOf(spec, p), { nil: undefined }),
          ]),
        ),
      )
      .map(
        (values) =>
          Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Record<
            string,
            string | number | boolean
          >,
      ),
  });
}
