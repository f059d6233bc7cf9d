import fc from 'fast-check';
import { negativeCases } from '../../cases/negativeCases.js';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import type { SchemaValidator } from '../../model/schemaValidator.js';
import { type ContractSpec, type JsonObject, jsonRequestBody, type SpecOperation } from '../../model/spec.js';
import { assumptionEntry } from '../../promises/coverageIds.js';
import { bodyFor, expectRefusalNaming } from '../shared/refusals.js';
import { pathParamsOf } from '../shared/requests.js';

/**
 * The body fields that choose the form of the answer (`stream`, `response_format`, `encoding_format`): top-level
 * booleans and enums with a default, each with every value it takes and its absence.
 */
function branchFields(
  spec: ContractSpec,
  validator: SchemaValidator,
  op: SpecOperation,
): Array<{ name: string; values: unknown[] }> {
  const media = jsonRequestBody(op);
  if (!media) return [];
  const properties = (spec.resolve(media.schemaPointer).value.properties ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties).flatMap(([name, raw]) => {
    const schema = typeof raw.$ref === 'string' ? spec.resolve(raw.$ref).value : raw;
    if (schema.default === undefined) return [];
    const candidates =
      schema.type === 'boolean' ? [true, false] : Array.isArray(schema.enum) ? schema.enum : [];
    // Only the values the field takes (`logprobs` is a boolean that must be false): one broken rule per request.
    const values = candidates.filter(
      (value) => validator.violations(`${media.schemaPointer}/properties/${name}`, value).length === 0,
    );
    return values.length > 1 ? [{ name, values: [...values, undefined] }] : [];
  });
}

/**
 * A refusal holds in every branch of the answer's form: each of the spec's negative cases of a body, sent with each
 * value of the fields that choose the form (a streamed chat, base64 embeddings, b64_json images), must get the same 400
 * with the JSON error body naming the field. A server that validates only whole answers, or reports a streamed
 * request's error as an event of a 200 stream, fails here.
 */
export function refusalBranchProperties(spec: ContractSpec, validator: SchemaValidator): ContractCheck[] {
  const cases = negativeCases(spec, validator);
  return spec.operations.flatMap((op) => {
    const branches = branchFields(spec, validator, op);
    const refusals = cases.filter(
      (entry) =>
        entry.operationId === op.operationId &&
        entry.in === 'body' &&
        typeof entry.body === 'object' &&
        entry.body !== null &&
        !Array.isArray(entry.body) &&
        !branches.some((branch) => branch.name === entry.param),
    );
    if (branches.length === 0 || refusals.length === 0) return [];
    return [
      propertyCheck({
        name: `refuses each invalid body with 400 and the error body for every ${branches.map((b) => b.name).join(' and ')}`,
        operationId: op.operationId,
        tags: op.tags,
        mutates: op.stateChanging,
        requires: [],
        covers: [assumptionEntry('validation-400'), assumptionEntry('error-body-openai-shape')],
        cases: () =>
          fc.record({
            refusal: fc.constantFrom(...refusals),
            branch: fc.record(
              Object.fromEntries(branches.map((branch) => [branch.name, fc.constantFrom(...branch.values)])),
            ),
          }),
        async check(ctx, { refusal, branch }) {
          const body = { ...(bodyFor(ctx, op, refusal) as Record<string, unknown>) };
          for (const [name, value] of Object.entries(branch)) {
            if (value === undefined) delete body[name];
            else body[name] = value;
          }
          const response = await ctx.http.send({ op, pathParams: pathParamsOf(ctx, op), body });
          expectRefusalNaming(ctx, response, refusal);
        },
      }),
    ];
  });
}
