import type { AuthMode } from '../http.js';
import type { ContractSpec } from '../spec.js';
import type { Target } from '../target.js';
import type { ContractCheck } from './check.js';
import { expectAnswer, fail, refusalSafeBody, validRequest } from './requests.js';

interface AuthVariant {
  label: string;
  auth(target: Target): AuthMode;
}

const variants: AuthVariant[] = [
  { label: 'without an Authorization header', auth: () => ({ kind: 'none' }) },
  {
    label: 'with a Basic Authorization header',
    auth: () => ({
      kind: 'header',
      value: `Basic ${Buffer.from('contract-tests:not-a-key').toString('base64')}`,
    }),
  },
  { label: 'with Bearer and no key', auth: () => ({ kind: 'header', value: 'Bearer' }) },
  {
    label: 'with the key but without the Bearer scheme',
    auth: (target) => ({ kind: 'header', value: target.apiKey }),
  },
];

/**
 * Every operation of both base addresses, with a missing and with malformed Authorization headers, must answer 401
 * with the error body; the request is otherwise valid, so nothing but the header can be the reason.
 */
export function authChecks(spec: ContractSpec): ContractCheck[] {
  return spec.operations.flatMap((op) =>
    variants.map(
      (variant): ContractCheck => ({
        name: `answers 401 ${variant.label}`,
        operationId: op.operationId,
        tags: op.tags,
        kind: 'auth',
        // Every variant of a state-changing call is a mutation: a server whose authentication fails open acts on it,
        // key or no key. Its body is the refusal-safe one, so such a server resizes nothing even then.
        mutates: op.stateChanging,
        requires: [],
        async run(ctx) {
          const valid = validRequest(ctx, op);
          const request = {
            ...valid,
            ...(valid.body === undefined ? {} : { body: refusalSafeBody(op, valid.body) }),
            auth: variant.auth(ctx.target),
          };
          const response = await expectAnswer(ctx, request, 401);
          const challenge = response.headers.get('www-authenticate');
          if (challenge !== null && !/^bearer\b/i.test(challenge)) {
            fail(response, `WWW-Authenticate is "${challenge}", but the scheme is Bearer`);
          }
        },
      }),
    ),
  );
}
