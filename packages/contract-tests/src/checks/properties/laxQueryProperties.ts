import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { typesOf } from '../../model/schemaTypes.js';
import type { ContractSpec, SpecOperation } from '../../model/spec.js';
import { assumptionEntry, parameterEntry } from '../../promises/coverageIds.js';
import { expectRefusalNaming } from '../shared/refusals.js';
import { pathParamsOf } from '../shared/requests.js';

/**
 * Text a lax parser reads as a whole number though it is none: a sign, hex, spaces, a fraction (however small: `1e-300`
 * rounds to 0 in a float-safe remainder), a suffix, full-width digits, nothing at all. Built around a value inside the
 * parameter's bounds, so only the spelling is wrong.
 */
function laxLiterals(minimum: number, maximum: number): fc.Arbitrary<string> {
  const inRange = fc.integer({ min: Math.max(minimum, 0), max: Math.min(maximum, minimum + 1000) });
  return fc.oneof(
    inRange.map((n) => `+${n}`),
    inRange.map((n) => `0x${n.toString(16)}`),
    inRange.map((n) => ` ${n}`),
    inRange.map((n) => `${n} `),
    inRange.map((n) => `${n}.5`),
    inRange.map((n) => `${n}abc`),
    inRange.map((n) => [...String(n)].map((d) => String.fromCharCode(0xff10 + Number(d))).join('')),
    fc
      .double({ min: Number.MIN_VALUE, max: 1e-3, noNaN: true })
      .filter((x) => !Number.isInteger(x))
      .map((x) => String(x)),
    fc.constant(''),
  );
}

interface IntegerParameter {
  name: string;
  minimum: number;
  maximum: number;
}

function integerParameters(spec: ContractSpec, op: SpecOperation): IntegerParameter[] {
  return op.parameters
    .filter((p) => p.in === 'query')
    .flatMap((p) => {
      const schema = spec.resolve(p.schemaPointer).value;
      if (!typesOf(schema).includes('integer')) return [];
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const maximum = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
      return [{ name: p.name, minimum, maximum }];
    });
}

/**
 * Every integer query parameter, sent a generated spelling that is not an integer: each must be refused with 400 naming
 * the parameter (validation-400), never read as the number it resembles.
 */
export function laxQueryProperties(spec: ContractSpec): ContractCheck[] {
  return spec.operations.flatMap((op) => {
    const parameters = integerParameters(spec, op);
    if (parameters.length === 0) return [];
    return [
      propertyCheck({
        name: `refuses with 400 naming it an integer query parameter (${parameters.map((p) => p.name).join(', ')}) spelt as no integer ("+4", hex, spaces, fractions, empty)`,
        operationId: op.operationId,
        tags: op.tags,
        mutates: op.stateChanging,
        requires: ['strictParsing'],
        covers: [
          ...parameters.map((p) => parameterEntry(op.operationId, 'query', p.name, 'type')),
          assumptionEntry('validation-400'),
        ],
        cases: () =>
          fc.oneof(
            ...parameters.map((p) =>
              laxLiterals(p.minimum, p.maximum).map((literal) => ({ name: p.name, literal })),
            ),
          ),
        async check(ctx, { name, literal }) {
          const response = await ctx.http.send({
            op,
            pathParams: pathParamsOf(ctx, op),
            query: { [name]: literal },
          });
          expectRefusalNaming(ctx, response, { field: name, param: name, rule: 'type' });
        },
      }),
    ];
  });
}
