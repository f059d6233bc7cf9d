import type { NegativeCase } from '../../cases/negativeCases.js';
import { type CheckContext, skipCheck } from '../../engine/check.js';
import { fail } from '../../judgements/answers.js';
import { assertConforms } from '../../judgements/conformance.js';
import { refusalStatusOf, skipReasons } from '../../judgements/refusalStatus.js';
import type { SpecOperation } from '../../model/spec.js';
import type { ContractResponse } from '../../transport/http.js';
import { exampleBody, refusalSafeBody } from './requests.js';

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
