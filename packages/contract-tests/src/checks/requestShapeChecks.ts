import type { CheckContext, ContractCheck } from '../engine/check.js';
import { fail } from '../judgements/answers.js';
import { formatViolations } from '../model/schemaValidator.js';
import type { ContractSpec, SpecOperation } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry } from '../promises/coverageIds.js';
import type { ContractResponse } from '../transport/http.js';
import { expectAnswer, pathParamsOf } from './shared/requests.js';

const errorSchema = '#/components/schemas/ErrorResponse';

/**
 * An answer to a request no operation of the spec takes (an unknown path, a method the path lacks): the spec gives
 * it no status, but it is a failure of the API, so it is a 4xx, never a success or a 5xx, with the spec's error body
 * (error-body-openai-shape: "every failure answer of both base addresses") and its request id in the header
 * (request-id-header). A framework's own 404 page or `Cannot GET` text fails here.
 */
function expectErrorAnswer(ctx: CheckContext, response: ContractResponse, what: string) {
  if (response.status < 400 || response.status >= 500)
    fail(response, `${what} must be refused with a 4xx, got ${response.status}`);
  if (response.mediaType !== 'application/json')
    fail(
      response,
      `${what} is answered as "${response.headers.get('content-type') ?? ''}", not with the spec's JSON error body`,
    );
  if (response.json === undefined) fail(response, `${what} is answered with a body that is not JSON`);
  const violations = ctx.validator.violations(errorSchema, response.json);
  if (violations.length > 0)
    fail(response, `${what} is answered without the spec's error body: ${formatViolations(violations)}`);
  const headerId = response.headers.get('x-request-id');
  const bodyId = (response.json as { error: { requestId: string } }).error.requestId;
  if (headerId === null) fail(response, `${what} is answered without X-Request-Id`);
  if (headerId !== bodyId)
    fail(response, `X-Request-Id "${headerId}" differs from error.requestId "${bodyId}"`);
}

// Methods no operation of the spec uses on its path: a server must refuse them as API errors.
const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A 405 for a method the path does not take is the spec's answer (method-not-allowed-405, stated in `info`: OpenAPI
 * cannot attach it to a method a path lacks), never an undocumented status; it must name the methods the path takes
 * in `Allow`, as RFC 9110 asks, so a client can tell which one to use.
 */
function expectAllowOf405(response: ContractResponse, pathMethods: readonly string[]) {
  if (response.status !== 405) return;
  const allow = response.headers.get('allow');
  if (allow === null) fail(response, `405 for ${response.requestLine} is answered without Allow`);
  const named = allow
    .split(',')
    .map((method) => method.trim().toUpperCase())
    .filter(Boolean)
    .sort();
  const expected = [...pathMethods].sort();
  if (named.join(', ') !== expected.join(', '))
    fail(response, `405 names Allow: ${allow}, but the path takes ${expected.join(', ')}`);
}

// Bodies in media types the spec refuses (unsupported-media-type-415): what a page of another site sends unasked.
const otherMediaTypes = ['text/plain', 'application/x-www-form-urlencoded'];

/**
 * Requests outside the spec's operations, on both base addresses: an unknown path, each path with a method it does not
 * take, and a body that is not JSON at all. Each must get the spec's error answer rather than a framework's.
 */
export function requestShapeChecks(spec: ContractSpec): ContractCheck[] {
  const checks: ContractCheck[] = [];
  const bySurface = new Map<string, SpecOperation>();
  for (const op of spec.operations) if (!bySurface.has(op.surface)) bySurface.set(op.surface, op);
  for (const [surface, op] of bySurface) {
    const prefix = op.path.startsWith('/api/v1/') ? '/api/v1' : '';
    for (const method of ['GET', 'POST']) {
      checks.push({
        name: `answers ${method} of an unknown path of the ${surface} address with a 4xx and the error body`,
        operationId: op.operationId,
        tags: op.tags,
        kind: 'negative',
        // Anything but a GET counts as a mutation (the suite sends none to a live target without --allow-mutations), and
        // so does every check filed under a billable operation.
        mutates: method !== 'GET' || op.stateChanging,
        requires: ['ownErrors'],
        covers: [assumptionEntry('error-body-openai-shape'), assumptionEntry('request-id-header')],
        async run(ctx) {
          const response = await ctx.http.send({
            op,
            method,
            path: `${prefix}/contract-tests-no-such-path`,
            ...(method === 'POST' ? { body: {} } : {}),
          });
          expectErrorAnswer(ctx, response, `${method} of a path the spec does not have`);
        },
      });
    }
  }
  for (const op of spec.operations) {
    const pathMethods = spec.operations
      .filter((other) => other.path === op.path)
      .map((other) => other.method.toUpperCase());
    const methods = otherMethods.filter((method) => !pathMethods.includes(method));
    checks.push({
      name: `answers the methods its path does not take (${methods.join(', ')}) with a 4xx and the error body`,
      operationId: op.operationId,
      tags: op.tags,
      kind: 'negative',
      // A fail-open server might act on a DELETE or a PUT of any path: a mutation, whatever the operation is.
      mutates: true,
      requires: op.operationId === 'resizeVolume' ? ['volume', 'ownErrors'] : ['ownErrors'],
      covers: [assumptionEntry('error-body-openai-shape'), assumptionEntry('method-not-allowed-405')],
      async run(ctx) {
        for (const method of methods) {
          const response = await ctx.http.send({
            op,
            method,
            pathParams: pathParamsOf(ctx, op),
            ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
          });
          expectErrorAnswer(ctx, response, `${method} ${op.path}`);
          expectAllowOf405(response, pathMethods);
        }
      },
    });
    if (!op.requestBody) continue;
    checks.push({
      name: `refuses a body sent as ${otherMediaTypes.join(' or ')} with 415 and the error body, before reading it`,
      operationId: op.operationId,
      tags: op.tags,
      kind: 'negative',
      mutates: op.stateChanging,
      requires: op.operationId === 'resizeVolume' ? ['volume', 'ownErrors'] : ['ownErrors'],
      covers: [...answerCovers(spec, op, 415), assumptionEntry('unsupported-media-type-415')],
      async run(ctx) {
        // JSON that no operation takes (`{}` lacks every required field): a server that reads it anyway answers 400
        // and changes nothing, so the check never makes one act.
        for (const contentType of otherMediaTypes) {
          await expectAnswer(ctx, { op, pathParams: pathParamsOf(ctx, op), rawBody: '{}', contentType }, 415);
        }
      },
    });
    checks.push({
      name: 'rejects a body that is not JSON (cut short, trailing text, empty, single quotes) with 400 and the error body',
      operationId: op.operationId,
      tags: op.tags,
      kind: 'negative',
      mutates: op.stateChanging,
      requires: op.operationId === 'resizeVolume' ? ['volume', 'ownErrors'] : ['ownErrors'],
      covers: [...answerCovers(spec, op, 400), assumptionEntry('validation-400')],
      async run(ctx) {
        for (const rawBody of ['{"size_gb": 10', '{"model": "x"} trailing', '', "{'model': 'x'}"]) {
          await expectAnswer(ctx, { op, pathParams: pathParamsOf(ctx, op), rawBody }, 400);
        }
      },
    });
  }
  return checks;
}
