import type { ContractCheck } from '../engine/check.js';
import { fail } from '../judgements/answers.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry } from '../promises/coverageIds.js';
import { validRequest } from './shared/requests.js';

/**
 * Assumed by the spec (request-id-header): every answer carries `X-Request-Id`, and an id names one answer, so that
 * support can find the call. One check per base address, on a read and on a refusal (which bills nothing).
 */
export function requestIdChecks(spec: ContractSpec): ContractCheck[] {
  const surfaces = [...new Set(spec.operations.map((op) => op.surface))];
  return surfaces.flatMap((surface) => {
    const ofSurface = spec.operations.filter((op) => op.surface === surface);
    const op = ofSurface.find((o) => !o.stateChanging) ?? ofSurface[0];
    if (!op) return [];
    return [
      {
        name: `gives each answer its own X-Request-Id (${surface} address)`,
        operationId: op.operationId,
        tags: op.tags,
        kind: 'semantic',
        // A server whose authentication fails open would act on the keyless calls.
        mutates: op.stateChanging,
        requires: ['state'],
        covers: [assumptionEntry('request-id-header'), ...answerCovers(spec, op, 401)],
        async run(ctx) {
          const request = validRequest(ctx, op);
          // Without a key every call is refused before it acts, so a billable operation costs nothing here.
          const refused = { ...request, auth: { kind: 'none' } as const };
          // Whatever their status: whether a keyless call is refused is the auth checks' to judge. This check fails
          // only on what its name says, an answer without an id or two answers sharing one.
          const answers = [
            ...(op.stateChanging ? [] : [await ctx.http.send(request), await ctx.http.send(request)]),
            await ctx.http.send(refused),
            await ctx.http.send(refused),
          ];
          const seen = new Map<string, number>();
          answers.forEach((response, index) => {
            const id = response.headers.get('x-request-id');
            if (!id) fail(response, 'the answer carries no X-Request-Id');
            const earlier = seen.get(id);
            if (earlier !== undefined)
              fail(response, `answers ${earlier + 1} and ${index + 1} share X-Request-Id ${id}`);
            seen.set(id, index);
          });
        },
      },
    ];
  });
}
