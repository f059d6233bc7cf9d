import { boundaryCases } from '../cases/boundaryCases.js';
import { type NegativeCase, negativeCases } from '../cases/negativeCases.js';
import type { SchemaValidator } from '../model/schemaValidator.js';
import type { ContractSpec, SpecOperation } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry, parameterEntry } from '../promises/coverageIds.js';
import type { ContractResponse } from '../run/http.js';
import { type CheckContext, type ContractCheck, type Requirement, skipCheck } from './check.js';
import { assertConforms } from './conformance.js';
import { refusalStatusOf, skipReasons } from './refusalStatus.js';
import { exampleBody, expectAnswer, fail, pathParamsOf, refusalSafeBody } from './requests.js';

/** A resize names a real volume: its negative cases go to the partner's volume, so a lax server fails safely. */
function requirementsOf(op: SpecOperation): readonly Requirement[] {
  return op.operationId === 'resizeVolume' ? ['volume'] : [];
}

/**
 * The generated body with the partner's model id, unless the case is about the model field itself; and for a case
 * about another field than a resize's size, the refusal-safe size, so a lax server that accepts it grows nothing.
 */
export function bodyFor(ctx: CheckContext, op: SpecOperation, entry: NegativeCase): unknown {
  if (typeof entry.body !== 'object' || entry.body === null) return entry.body;
  const body = structuredClone(entry.body) as Record<string, unknown>;
  if (typeof body.model === 'string' && entry.param !== 'model') body.model = exampleBody(ctx, op).model;
  return entry.param === 'size_gb' ? body : refusalSafeBody(op, body);
}

/**
 * Whether `error.param` names the field at fault (assumed by the spec: validation-400). A nested field may be named
 * by its full path in any notation (`messages.0.role`, `messages[0]`), so only its first segment is compared.
 * An unknown field is the one case where no declared field is at fault, so `null` is accepted for it.
 */
function paramNamesField(param: unknown, entry: Pick<NegativeCase, 'field' | 'param' | 'rule'>): boolean {
  if (entry.rule === 'additionalProperties') {
    return param === null || (typeof param === 'string' && param.includes(entry.field));
  }
  if (typeof param !== 'string' || !param.startsWith(entry.param)) return false;
  return /^($|[.[/])/.test(param.slice(entry.param.length));
}

/**
 * A refusal as the spec gives it (assumed: validation-400): 400 with the error body, `error.param` naming the field at
 * fault and the message naming it too, for a reader without the param.
 */
export function expectRefusalNaming(
  ctx: CheckContext,
  response: ContractResponse,
  entry: Pick<NegativeCase, 'field' | 'param' | 'rule'>,
) {
  const refusal = refusalStatusOf(response.op);
  if (refusal === undefined) skipCheck(skipReasons.noRefusalStatus);
  if (response.status !== refusal) {
    fail(
      response,
      `a request that breaks the rule "${entry.rule}" of ${entry.field} must be answered ${refusal}, got ${response.status}`,
    );
  }
  assertConforms(ctx.validator, response);
  const error = (response.json as { error?: { param?: unknown; message?: unknown } }).error;
  if (!paramNamesField(error?.param, entry)) {
    fail(
      response,
      `error.param is ${JSON.stringify(error?.param)}, but the field at fault is ${entry.field}`,
    );
  }
  const named =
    entry.rule === 'additionalProperties' ? (entry.field.split(/[.[]/).pop() ?? entry.field) : entry.param;
  if (typeof error?.message !== 'string' || !error.message.includes(named)) {
    fail(response, `error.message ${JSON.stringify(error?.message)} does not name the field ${named}`);
  }
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
