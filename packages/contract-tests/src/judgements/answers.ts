import { promisedErrorCode } from '../model/errorCodes.js';
import type { SchemaValidator } from '../model/schemaValidator.js';
import type { ContractSpec } from '../model/spec.js';
import type { ContractResponse } from '../transport/http.js';
import { assertConforms, type ConformanceOptions, violation } from './conformance.js';

/**
 * What judging an answer needs of the run: the spec and its validator. A check's context is one; the judgement asks for
 * no more, so it can be used (and tested) without a run.
 */
export interface AnswerJudge {
  spec: ContractSpec;
  validator: SchemaValidator;
}

export function fail(response: ContractResponse, problem: string): never {
  throw violation(response, problem);
}

function snippet(response: ContractResponse): string {
  return response.redactor.excerpt(response.text, 200);
}

/** Insists on the status of an answer already received, then on everything the spec says about that answer. */
export function judgeAnswer(
  ctx: AnswerJudge,
  response: ContractResponse,
  status: number,
  options?: ConformanceOptions,
): ContractResponse {
  if (response.status !== status)
    fail(response, `expected status ${status}, got ${response.status}: ${snippet(response)}`);
  assertConforms(ctx.validator, response, options);
  const code = promisedErrorCode(ctx.spec, response.op, status);
  const got = (response.json as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (code !== undefined && got !== code)
    fail(
      response,
      `error.code is ${JSON.stringify(got)}, but the spec gives ${code} for status ${status} (x-error-code)`,
    );
  return response;
}

/** The JSON body of a conforming answer, typed by the caller (the schema has already been checked). */
export function jsonOf<T>(response: ContractResponse): T {
  return response.json as T;
}
