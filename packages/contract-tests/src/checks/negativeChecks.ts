import { boundaryCases } from '../cases/boundaryCases.js';
import { type NegativeCase, negativeCases } from '../cases/negativeCases.js';
import type { ContractCheck, Requirement } from '../engine/check.js';
import type { SchemaValidator } from '../model/schemaValidator.js';
import type { ContractSpec, SpecOperation } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry, parameterEntry } from '../promises/coverageIds.js';
import { bodyFor, expectRefusalNaming } from './shared/refusals.js';
import { expectAnswer, pathParamsOf } from './shared/requests.js';

/** A resize names a real volume: its negative cases go to the partner's volume, so a lax server fails safely. */
function requirementsOf(op: SpecOperation): readonly Requirement[] {
  return op.operationId === 'resizeVolume' ? ['volume'] : [];
}

/** What every negative check of an operation shares: a state-changing one is a mutation, a resize needs a volume. */
function refusalOf(op: SpecOperation) {
  const kind = 'negative' as const;
  return {
    operationId: op.operationId,
    tags: op.tags,
    kind,
    mutates: op.stateChanging,
    requires: requirementsOf(op),
  };
}

/** The coverage entry a negative case checks: the rule it breaks, where it breaks it (an unknown field: its object's). */
function ruleEntry(entry: NegativeCase): string {
  if (entry.in === 'query') return parameterEntry(entry.operationId, 'query', entry.param, entry.rule);
  if (entry.rule === 'additionalProperties')
    return bodyEntry(entry.operationId, entry.field.replace(/\.?[^.[]+$/, ''), 'closed');
  return bodyEntry(entry.operationId, entry.field, entry.rule);
}

export function negativeChecks(spec: ContractSpec, validator: SchemaValidator): ContractCheck[] {
  const negative = negativeCases(spec, validator).map((entry): ContractCheck => {
    const op = spec.operation(entry.operationId);
    return {
      ...refusalOf(op),
      name: `rejects ${entry.description} with 400 and the error body`,
      covers: [
        ruleEntry(entry),
        ...answerCovers(spec, op, 400),
        assumptionEntry('validation-400'),
        assumptionEntry('error-body-openai-shape'),
        // A wrong type says nothing of what the field's assumption chose (a bound, a refusal, a meaning).
        ...(entry.assumption && entry.rule !== 'type' ? [assumptionEntry(entry.assumption)] : []),
      ],
      async run(ctx) {
        const response = await ctx.http.send({
          op,
          pathParams: pathParamsOf(ctx, op),
          ...(entry.query ? { query: entry.query } : {}),
          ...(entry.in === 'body' ? { body: bodyFor(ctx, op, entry) } : {}),
        });
        expectRefusalNaming(ctx, response, entry);
      },
    };
  });
  const boundaries = boundaryCases(spec).map((entry): ContractCheck => {
    const op = spec.operation(entry.operationId);
    return {
      name: `accepts ${entry.description}`,
      operationId: op.operationId,
      tags: op.tags,
      kind: 'response',
      mutates: op.stateChanging,
      requires: requirementsOf(op),
      covers: [
        parameterEntry(op.operationId, 'query', entry.field, entry.rule),
        ...answerCovers(spec, op, 200),
      ],
      async run(ctx) {
        await expectAnswer(
          ctx,
          { op, pathParams: pathParamsOf(ctx, op), query: { [entry.field]: entry.value } },
          200,
        );
      },
    };
  });
  // A body that is JSON but no object: a server must refuse it as it refuses any invalid body, never fail on it.
  const notObjects = spec.operations
    .filter((op) => op.requestBody)
    .map(
      (op): ContractCheck => ({
        ...refusalOf(op),
        name: 'rejects a body that is JSON but no object (an array, a string, a number, null) with 400 and the error body',
        covers: [
          bodyEntry(op.operationId, [], 'type'),
          ...answerCovers(spec, op, 400),
          assumptionEntry('validation-400'),
        ],
        async run(ctx) {
          for (const body of [[], 'contract-tests', 42, null]) {
            await expectAnswer(ctx, { op, pathParams: pathParamsOf(ctx, op), body }, 400);
          }
        },
      }),
    );
  return [...boundaries, ...negative, ...notObjects];
}
