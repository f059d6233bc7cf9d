import { type ContractCheck, skipCheck } from '../engine/check.js';
import { fail } from '../judgements/answers.js';
import { canonicalJson } from '../judgements/sameValue.js';
import { firstDifference, specDefinedValue } from '../judgements/specDefined.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { parameterEntry } from '../promises/coverageIds.js';
import type { ContractResponse } from '../transport/http.js';
import { expectAnswer } from './shared/requests.js';

/**
 * A query parameter's default is what the server does without it: a request without the parameter must be answered as
 * the same request stating the default (`limit=50`). Only reads: their answers can be compared, and cost nothing. The
 * two are compared on what the spec defines (the items, the declared meta), never on an open object's extra fields (a
 * `links.self` echoing each request) or an opaque one (a cursor carrying a nonce): a server may differ there in every
 * answer, and a check that then calls the list changed would let a broken default through unseen.
 */
export function defaultChecks(spec: ContractSpec): ContractCheck[] {
  return spec.operations
    .filter((op) => !op.stateChanging)
    .flatMap((op) =>
      op.parameters
        .filter((p) => p.in === 'query' && spec.resolve(p.schemaPointer).value.default !== undefined)
        .map((parameter): ContractCheck => {
          const value = String(spec.resolve(parameter.schemaPointer).value.default);
          return {
            name: `answers without ${parameter.name} as with ${parameter.name}=${value}, its default`,
            operationId: op.operationId,
            tags: op.tags,
            kind: 'semantic',
            mutates: false,
            requires: ['state'],
            covers: [
              parameterEntry(op.operationId, 'query', parameter.name, 'default'),
              ...answerCovers(spec, op, 200),
            ],
            async run(ctx) {
              const defined = (response: ContractResponse) => specDefinedValue(ctx.spec, response);
              const decided = (response: ContractResponse) => canonicalJson(defined(response));
              const without = await expectAnswer(ctx, { op }, 200);
              const stated = await expectAnswer(ctx, { op, query: { [parameter.name]: value } }, 200);
              if (decided(without) === decided(stated)) return;
              // A list that changed between the two (an account billed meanwhile) is no fault of the server.
              const again = await expectAnswer(ctx, { op }, 200);
              if (decided(again) !== decided(without)) {
                skipCheck('the list changed during the run (two identical requests answered differently)');
              }
              fail(
                stated,
                `${parameter.name}=${value} (the spec's default) is answered differently from a request without ${parameter.name}, where the spec defines the answer: ${stated.redactor.excerpt(firstDifference(defined(stated), defined(without)) ?? '', 160)} (with ${parameter.name}=${value} vs without)`,
              );
            },
          };
        }),
    );
}
