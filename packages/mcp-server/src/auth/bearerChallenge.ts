import type { IncomingMessage } from 'node:http';
import { type Refusal, refusal } from '@inference-infra/edge';
import { headerValues } from '@inference-infra/edge/node';

/** What a 401 tells the client (RFC 6750 §3): which error, in words, and where the resource's metadata is (RFC 9728 §5.1). */
export interface Challenge {
  error?: 'invalid_request' | 'invalid_token';
  description?: string;
  resourceMetadata?: string;
}

/** A quoted-string of RFC 6750 takes no `"` or `\` and only printable ASCII: anything else becomes a space. */
const quotable = (text: string) => text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, ' ').slice(0, 300);

/** The `WWW-Authenticate` value of a challenge; without an error (no credentials sent), only the scheme and metadata. */
export function wwwAuthenticate(challenge: Challenge): string {
  const params = [
    ...(challenge.error ? [`error="${challenge.error}"`] : []),
    ...(challenge.error && challenge.description
      ? [`error_description="${quotable(challenge.description)}"`]
      : []),
    ...(challenge.resourceMetadata ? [`resource_metadata="${quotable(challenge.resourceMetadata)}"`] : []),
  ];
  return params.length === 0 ? 'Bearer' : `Bearer ${params.join(', ')}`;
}

/** A 401 naming what is wrong with the credentials, with the challenge a client reads to get better ones. */
export function unauthorized(message: string, challenge: Challenge): Refusal {
  return refusal(401, challenge.error ?? 'unauthorized', message, 'Authorization', {
    'www-authenticate': wwwAuthenticate({ ...challenge, description: challenge.description ?? message }),
  });
}

/** The longest bearer token read: a JWT with many claims fits; a header of megabytes is no token. */
const maxTokenLength = 16 * 1024;

/** RFC 6750 §2.1's `b64token`: the characters a bearer token may hold. */
const b64token = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * The bearer token of a request, or the refusal its `Authorization` earns: none (or another scheme) is a 401 that
 * only names the scheme, as RFC 6750 asks of a request without credentials; two headers, or a token that is not one,
 * a 400 `invalid_request`. The token itself is never quoted back.
 */
export function bearerTokenOf(request: IncomingMessage, resourceMetadata?: string): string | Refusal {
  const metadata = resourceMetadata ? { resourceMetadata } : {};
  const values = headerValues(request, 'authorization');
  const [value = ''] = values;
  const [scheme = '', ...rest] = value.trim().split(/ +/);
  if (values.length === 0 || scheme.toLowerCase() !== 'bearer')
    return unauthorized(
      'Authorization: missing; send your own API key (or token) as Authorization: Bearer <key>',
      metadata,
    );
  const bad = (rule: string) => {
    const challenge: Challenge = {
      error: 'invalid_request',
      description: `Authorization: ${rule}`,
      ...metadata,
    };
    return { ...unauthorized(`Authorization: ${rule}`, challenge), status: 400 };
  };
  if (values.length > 1) return bad(`sent ${values.length} times; a request carries one`);
  const token = rest.join(' ');
  if (rest.length !== 1 || token.length > maxTokenLength || !b64token.test(token))
    return bad(`must be Bearer followed by one token of at most ${maxTokenLength} characters (RFC 6750)`);
  return token;
}
