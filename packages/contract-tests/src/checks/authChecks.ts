import type { AuthMode } from '../http.js';
import type { ContractSpec } from '../spec.js';
import type { Target } from '../target.js';
import type { ContractCheck } from './check.js';
import { expectAnswer, fail, validRequest } from './requests.js';

interface AuthVariant {
  label: string;
  auth(target: Target): AuthMode;
  /** Whether the header carries the real key: then a lax server could act on it, so it counts as a mutation. */
  carriesKey: boolean;
}

const variants: AuthVariant[] = [
  { label: 'without an Authorization header', auth: () => ({ kind: 'none' }), carriesKey: false },
  {
    label: 'with a Basic Authorization header',
    auth: () => ({
      kind: 'header',
      value: `Basic ${Buffer.from('contract-tests:not-a-key').toString('base64')}`,
    }),
    carriesKey: false,
  },
  { label: 'with Bearer and no key', auth: () => ({ kind: 'header', value: 'Bearer' }), carriesKey: false },
  {
    label: 'with the key but without the Bearer scheme',
    auth: (target) => ({ kind: 'header', value: target.apiKey }),
    carriesKey: true,
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
        mutates: op.stateChanging && variant.carriesKey,
        requires: [],
        async run(ctx) {
          const request = { ...validRequest(ctx, op), auth: variant.auth(ctx.target) };
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
