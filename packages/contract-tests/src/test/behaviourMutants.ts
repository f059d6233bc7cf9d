import type { Json, Mutant } from './mutants.js';
import { cursorsWithANonce } from './openFieldVariants.js';

/**
 * A mutant of issue 46: one promise broken in a class the per-field generators do not reach (answers compared on
 * what the spec defines, request ids, rules across fields, what an answer means, paging under filters, identity,
 * wire and auth forms). `killedBy` names the checks that alone must kill it (`behaviourMutants.test.ts` holds them to
 * it), and `operations` the operations whose checks meet it.
 */
export interface BehaviourMutant extends Mutant {
  class: string;
  operations: string[];
  killedBy: RegExp;
}

/** Pages without `limit` by 20 (the spec's default is 50), behind a cursor with a nonce that hid it from the old check. */
const defaultLimitBehindANonce: Mutant['wrap'] = (next, state) => {
  const withNonce = cursorsWithANonce()(next, state);
  return (req) => {
    if (req.operationId === 'listBillingTransactions' && !req.url.searchParams.has('limit'))
      req.url.searchParams.set('limit', '20');
    return withNonce(req);
  };
};

export const behaviourMutants: BehaviourMutant[] = [
  {
    name: 'pages by 20 without limit (the default is 50), its opaque cursor carrying a nonce',
    class: 'answers compared on what the spec defines',
    operations: ['listBillingTransactions'],
    killedBy: /answers without limit as with limit=50/,
    wrap: defaultLimitBehindANonce,
  },
  {
    name: 'gives every 400 answer of the inference address one X-Request-Id (and error.requestId)',
    class: 'request ids on every failure',
    operations: ['createChatCompletion', 'createEmbeddings', 'generateImages'],
    killedBy: /own X-Request-Id, equal to the body's, on every status/,
    wrap: (next) => (req) => {
      const res = next(req);
      if (res.status !== 400 || req.url.pathname.startsWith('/api/')) return res;
      const json = structuredClone(res.json) as Json;
      if (json?.error) json.error.requestId = 'req_inference_400';
      return { ...res, json, headers: { ...res.headers, 'x-request-id': 'req_inference_400' } };
    },
  },
];
