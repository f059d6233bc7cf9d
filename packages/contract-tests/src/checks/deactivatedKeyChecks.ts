import { type ContractCheck, skipCheck } from '../engine/check.js';
import { fail } from '../judgements/answers.js';
import type { ContractSpec, SpecOperation } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry } from '../promises/coverageIds.js';
import { expectAnswer, refusalSafeBody, validRequest } from './shared/requests.js';

export const deactivatedKeySkipReason =
  'needs --deactivated-key (a key of the workspace deactivated in the dashboard)';

/**
 * The operations a deactivated key is tried on: a read and a write of each base address, the first of each the spec
 * lists. The inference address has no read (every operation there is billable), so it gets its write alone.
 */
export function deactivatedKeyOperations(spec: ContractSpec): SpecOperation[] {
  const surfaces = [...new Set(spec.operations.map((op) => op.surface))];
  return surfaces.flatMap((surface) => {
    const on = spec.operations.filter((op) => op.surface === surface);
    const read = on.find((op) => !op.stateChanging);
    const write = on.find((op) => op.stateChanging);
    return [read, write].filter((op): op is SpecOperation => op !== undefined);
  });
}

/**
 * Assumed by the spec (auth-401): a deactivated key is refused as an unknown one is, with 401, the error body, its
 * `X-Request-Id` and `WWW-Authenticate: Bearer`, and no data. Only a partner who has such a key can give it
 * (`--deactivated-key`); without one each check is skipped with that reason. A write sends the refusal-safe body,
 * so a server that takes the key anyway changes nothing (a resize to the smallest size is a 409).
 */
export function deactivatedKeyChecks(spec: ContractSpec): ContractCheck[] {
  return deactivatedKeyOperations(spec).map(
    (op): ContractCheck => ({
      name: `answers 401 with a deactivated key (--deactivated-key), no data (${op.stateChanging ? 'a write' : 'a read'} of the ${op.surface} address)`,
      operationId: op.operationId,
      tags: op.tags,
      kind: 'auth',
      mutates: op.stateChanging,
      requires: ['keyValidation'],
      covers: [...answerCovers(spec, op, 401), assumptionEntry('auth-401')],
      async run(ctx) {
        const key = ctx.target.deactivatedKey;
        if (key === undefined) skipCheck(deactivatedKeySkipReason);
        const valid = validRequest(ctx, op);
        const request = {
          ...valid,
          ...(valid.body === undefined ? {} : { body: refusalSafeBody(op, valid.body) }),
          auth: { kind: 'header', value: `Bearer ${key}` } as const,
        };
        const response = await expectAnswer(ctx, request, 401);
        if (!response.headers.get('x-request-id')) fail(response, 'the refusal carries no X-Request-Id');
        const body = response.json as Record<string, unknown> | undefined;
        if (body && 'data' in body) fail(response, 'the refusal of a deactivated key carries data');
        const challenge = response.headers.get('www-authenticate');
        if (challenge !== null && !/^bearer\b/i.test(challenge))
          fail(response, `WWW-Authenticate is "${challenge}", but the scheme is Bearer`);
      },
    }),
  );
}
