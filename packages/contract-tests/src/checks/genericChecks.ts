import { type ParameterCase, parameterCases } from '../cases/parameterArbitraries.js';
import type { CheckContext, ContractCheck } from '../engine/check.js';
import { propertyCheck } from '../engine/propertyCheck.js';
import { fail, judgeAnswer } from '../judgements/answers.js';
import { assertConforms } from '../judgements/conformance.js';
import type { ContractSpec, SpecOperation } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry } from '../promises/coverageIds.js';
import type { ContractRequest, ContractResponse } from '../transport/http.js';
import { pathParamsOf } from './shared/requests.js';

/** The status an operation answers when it succeeds: its first documented 2xx. */
function successStatusOf(op: SpecOperation): number | undefined {
  const status = Object.keys(op.responses).find((code) => /^2\d\d$/.test(code));
  return status === undefined ? undefined : Number(status);
}

/**
 * What the spec lets a server answer a request within its bounds, with a valid key: any status the operation
 * documents but 401, and everything the spec says about that answer (its schema, its headers, `X-Request-Id` equal to
 * the body's request id). A request whose path names a resource may find none (404, where documented), and any
 * operation may answer 429 (waited out below the checks) or 500: nothing more can be asked without knowing what the
 * operation means, which is for hand-written checks.
 */
function expectDocumentedAnswer(ctx: CheckContext, response: ContractResponse): ContractResponse {
  if (response.status === 401)
    fail(response, 'a request with the valid key is answered 401: the key must be taken on every operation');
  assertConforms(ctx.validator, response);
  if (response.headers.get('x-request-id') === null)
    fail(
      response,
      'the answer carries no X-Request-Id (assumption request-id-header: every answer carries one)',
    );
  return response;
}

function requestOf(op: SpecOperation, parameters: ParameterCase): ContractRequest {
  return {
    op,
    pathParams: parameters.pathParams,
    ...(Object.keys(parameters.query).length > 0 ? { query: parameters.query } : {}),
  };
}

/** The spec's examples as a request: each parameter's example (path parameters as every check sends them). */
function exampleRequest(ctx: CheckContext, op: SpecOperation): ContractRequest {
  const query: Record<string, string | number | boolean> = {};
  for (const parameter of op.parameters.filter((p) => p.in === 'query' && p.example !== undefined)) {
    const { example } = parameter;
    if (typeof example === 'string' || typeof example === 'number' || typeof example === 'boolean')
      query[parameter.name] = example;
  }
  return { op, pathParams: pathParamsOf(ctx, op), ...(Object.keys(query).length > 0 ? { query } : {}) };
}

/**
 * The checks every operation gets from the spec alone, with no code of its own: its answers to requests within the
 * spec's bounds (the spec's examples, then generated cases) hold to what the operation documents, and every answer
 * carries its own `X-Request-Id`. Beside them, every operation already gets the key checks (`authChecks`), the refusals
 * of generated invalid requests (`negativeChecks`, `laxQueryProperties`) and the requests outside the spec
 * (`requestShapeChecks`).
 *
 * Only operations that change nothing: a generic check cannot know what a state-changing call would change on a
 * partner's deployment (which volume, how much it bills), so those get the key checks and the refusals only, and
 * whatever their hand-written checks add.
 */
export function genericChecks(spec: ContractSpec): ContractCheck[] {
  return spec.operations
    .filter((op) => !op.stateChanging)
    .flatMap((op): ContractCheck[] => {
      const success = successStatusOf(op);
      const addressesResource = op.parameters.some((p) => p.in === 'path');
      const base = { operationId: op.operationId, tags: op.tags, mutates: false, requires: [] as const };
      const covers = [
        ...(success === undefined ? [] : answerCovers(spec, op, success)),
        assumptionEntry('request-id-header'),
      ];
      return [
        {
          ...base,
          name: addressesResource
            ? "answers the spec's example request with a status it documents and that answer's schema, each answer its own X-Request-Id"
            : `answers the spec's example request with ${success ?? 'its success status'} and its schema, each answer its own X-Request-Id`,
          kind: 'response',
          covers,
          async run(ctx) {
            const request = exampleRequest(ctx, op);
            // Without a path to a resource, a valid read has nothing to miss: it succeeds. With one, the example's
            // id may name nothing on this deployment.
            const judge = (response: ContractResponse) =>
              addressesResource || success === undefined
                ? expectDocumentedAnswer(ctx, response)
                : judgeAnswer(ctx, response, success);
            const first = judge(await ctx.http.send(request));
            const second = judge(await ctx.http.send(request));
            const ids = [first, second].map((response) => response.headers.get('x-request-id'));
            if (ids[0] !== null && ids[0] === ids[1])
              fail(second, `two answers share X-Request-Id ${ids[0]}: each answer must have its own`);
          },
        },
        propertyCheck({
          ...base,
          name: "answers requests within the spec's bounds (each parameter drawn from its schema) with a status it documents and that answer's schema",
          covers,
          // Reads only, but each case is a request to a partner's deployment: few, whatever --max-cases says.
          maxCases: 15,
          cases: () => parameterCases(spec, op),
          async check(ctx, parameters) {
            expectDocumentedAnswer(ctx, await ctx.http.send(requestOf(op, parameters)));
          },
        }),
      ];
    });
}
