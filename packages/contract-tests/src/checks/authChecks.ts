import type { ContractCheck } from '../engine/check.js';
import { randomHex, type SeededRandom } from '../engine/seededRandom.js';
import { fail } from '../judgements/answers.js';
import { assertConforms } from '../judgements/conformance.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry } from '../promises/coverageIds.js';
import type { AuthMode } from '../transport/http.js';
import type { Target } from '../transport/target.js';
import { expectAnswer, refusalSafeBody, validRequest } from './shared/requests.js';

interface AuthVariant {
  label: string;
  auth(target: Target, random: SeededRandom): AuthMode;
  /** Query parameters sent beside it (the key where no header carries it). */
  query?(target: Target): Record<string, string>;
  /** Only a server that knows its keys can refuse this one (not Prism, which only looks for the header). */
  needsKeyValidation?: boolean;
}

/**
 * A key of the documented form that no account has: the target key's prefix (`ii` in `ii_live_...`), `_live_`, and
 * random characters, so only a lookup of the key, not its shape, can refuse it.
 */
export function unknownKeyLike(apiKey: string, random: SeededRandom): string {
  const prefix = /^([A-Za-z0-9]+)_live_/.exec(apiKey)?.[1] ?? 'ii';
  let unknown = '';
  do unknown = `${prefix}_live_${randomHex(random, 24)}`;
  while (unknown === apiKey);
  return unknown;
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
  {
    label: 'with an unknown key of the documented form',
    auth: (target, random) => ({ kind: 'header', value: `Bearer ${unknownKeyLike(target.apiKey, random)}` }),
    needsKeyValidation: true,
  },
  {
    label: 'with a bearer value that is no key at all',
    auth: () => ({ kind: 'header', value: 'Bearer not-a-key!' }),
    needsKeyValidation: true,
  },
  {
    // Keys are compared as written: a server that folds case takes 2^n keys for each real one.
    label: 'with the key in another case',
    auth: (target, random) => {
      const swapped = [...target.apiKey]
        .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
        .join('');
      return {
        kind: 'header',
        value: `Bearer ${swapped === target.apiKey ? unknownKeyLike(target.apiKey, random) : swapped}`,
      };
    },
    needsKeyValidation: true,
  },
  {
    // The spec's only carrier is the Authorization header (part 5 of the interface document): a key in a URL ends
    // up in logs and histories, so a server that takes it there must not.
    label: 'with the key in the query string (api_key, access_token, key) and no Authorization header',
    auth: () => ({ kind: 'none' }),
    query: (target) => ({ api_key: target.apiKey, access_token: target.apiKey, key: target.apiKey }),
  },
  {
    label: 'with the key changed in its last character',
    auth: (target) => {
      const last = target.apiKey.slice(-1);
      return { kind: 'header', value: `Bearer ${target.apiKey.slice(0, -1)}${last === 'x' ? 'y' : 'x'}` };
    },
    needsKeyValidation: true,
  },
];

/**
 * Every operation of both base addresses, with a missing or malformed Authorization header and with keys no account
 * has, must answer 401 with the error body (assumed by the spec: auth-401); the request is otherwise valid, so nothing
 * but the header can be the reason.
 */
export function authChecks(spec: ContractSpec): ContractCheck[] {
  // RFC 9110 (11.1): the scheme is case-insensitive, so `bearer KEY` is the key as well. A resize asks for the
  // refusal-safe size: 409 (not larger) shows the key was taken, and nothing grows.
  const lowerCase = spec.operations.map(
    (op): ContractCheck => ({
      name: 'accepts the key with the scheme in lower case (bearer KEY)',
      operationId: op.operationId,
      tags: op.tags,
      kind: 'auth',
      mutates: op.stateChanging,
      requires: op.operationId === 'resizeVolume' ? ['state', 'volume'] : ['keyValidation'],
      covers: [assumptionEntry('auth-401')],
      async run(ctx) {
        const valid = validRequest(ctx, op);
        const body = valid.body === undefined ? {} : { body: refusalSafeBody(op, valid.body) };
        const auth = { kind: 'header', value: `bearer ${ctx.target.apiKey}` } as const;
        // Another operation that names a resource by its path may find none at the example's id: anything it
        // documents but 401 shows the key was taken.
        if (op.operationId !== 'resizeVolume' && op.parameters.some((p) => p.in === 'path')) {
          const response = await ctx.http.send({ ...valid, ...body, auth });
          if (response.status === 401)
            fail(response, 'the key with the scheme in lower case is refused with 401');
          assertConforms(ctx.validator, response);
          return;
        }
        const expected = op.operationId === 'resizeVolume' ? 409 : 200;
        await expectAnswer(ctx, { ...valid, ...body, auth }, expected);
      },
    }),
  );
  return lowerCase.concat(
    spec.operations.flatMap((op) =>
      variants.map(
        (variant): ContractCheck => ({
          name: `answers 401 ${variant.label}`,
          operationId: op.operationId,
          tags: op.tags,
          kind: 'auth',
          // Every variant of a state-changing call is a mutation: a server whose authentication fails open acts on it,
          // key or no key. Its body is the refusal-safe one, so such a server resizes nothing even then.
          mutates: op.stateChanging,
          requires: variant.needsKeyValidation ? ['keyValidation'] : [],
          covers: [
            ...answerCovers(spec, op, 401),
            assumptionEntry('auth-401'),
            ...(variant.needsKeyValidation ? [assumptionEntry('key-prefix-and-scopes')] : []),
          ],
          async run(ctx) {
            const valid = validRequest(ctx, op);
            const request = {
              ...valid,
              ...(valid.body === undefined ? {} : { body: refusalSafeBody(op, valid.body) }),
              ...(variant.query ? { query: variant.query(ctx.target) } : {}),
              auth: variant.auth(ctx.target, ctx.random),
            };
            const response = await expectAnswer(ctx, request, 401);
            const challenge = response.headers.get('www-authenticate');
            if (challenge !== null && !/^bearer\b/i.test(challenge)) {
              fail(response, `WWW-Authenticate is "${challenge}", but the scheme is Bearer`);
            }
          },
        }),
      ),
    ),
  );
}
