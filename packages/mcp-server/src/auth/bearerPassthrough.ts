import { isRefusal, refusal } from '@inference-infra/edge';
import { bearerTokenOf } from './bearerChallenge.js';
import { principalId, type SessionAuth } from './sessionAuth.js';

/**
 * `--auth bearer-passthrough`: each request carries its caller's own API key as its bearer token, and a session
 * spends the key that started it. The server checks nothing of the key itself (the API does, at the first call), so
 * a key this server never saw is no error here; it is kept by the session it started and nowhere else.
 */
export function bearerPassthrough(): SessionAuth {
  return {
    authenticate: async (request) => {
      const key = bearerTokenOf(request);
      if (isRefusal(key)) return key;
      return { id: principalId('api-key', key), label: 'this key', apiKey: key };
    },
    keyOf: async (principal) =>
      principal.apiKey ??
      refusal(403, 'no_key', 'Authorization: no API key came with this request', 'Authorization'),
  };
}
