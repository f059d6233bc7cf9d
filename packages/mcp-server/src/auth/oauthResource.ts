import { isRefusal, type Refusal, refusal } from '@inference-infra/edge';
import { decodeJwt, type JWTPayload, jwtVerify } from 'jose';
import { bearerTokenOf, unauthorized } from './bearerChallenge.js';
import { defaultIssuerTimeoutMs, issuerKeys, isTrustedAddress, type OAuthIssuer } from './issuerKeys.js';
import { principalId, type SessionAuth } from './sessionAuth.js';

/** The operator's hook: the API key of a verified token's subject, or undefined for a subject that has none here. */
export type KeyForSubject = (
  claims: Readonly<JWTPayload>,
) => string | undefined | Promise<string | undefined>;

export interface OAuthOptions {
  /** The authorization servers whose tokens are taken, by issuer identifier (`iss`). */
  issuers: readonly (string | OAuthIssuer)[];
  /** Maps a verified token's claims (`sub`, `iss`, ...) to the API key its sessions spend. */
  keyForSubject: KeyForSubject;
  /**
   * This server's address as its clients reach it, the audience (`aud`) its tokens must name (RFC 8707): behind a
   * proxy, the proxy's address. By default the endpoint's own URL.
   */
  resource?: string;
  /** How long fetching an issuer's metadata or keys may take (5000 ms by default). */
  issuerTimeoutMs?: number;
}

/**
 * How far a token's clocks (`iat`, `nbf`, `exp`) may be from ours, in seconds: clocks of two machines drift, but a
 * token issued (`iat`) or valid (`nbf`) later than this from now was made by a clock nobody should trust.
 */
export const clockSkewSeconds = 60;

/** Signatures of key pairs only: a key set publishes public keys, and an HMAC token would take one as its secret. */
const algorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/** jose's error codes of a token that is bad in itself: anything else (the keys not fetched) is no verdict on it. */
const tokenFaults: Record<string, string> = {
  ERR_JWT_EXPIRED: 'has expired',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: "has a signature that does not verify with the issuer's keys",
  ERR_JWKS_NO_MATCHING_KEY: 'is signed by a key the issuer does not publish',
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: 'names no single key of the issuer',
  ERR_JOSE_ALG_NOT_ALLOWED: `is not signed with a key pair (${algorithms.join(', ')})`,
  ERR_JOSE_NOT_SUPPORTED: 'uses an algorithm this server does not support',
  ERR_JWT_INVALID: 'is not a well-formed JWT',
  ERR_JWS_INVALID: 'is not a well-formed JWS',
};

function claimFault(error: { claim?: string; reason?: string }, resource: string): string {
  if (error.reason === 'missing') return `has no ${error.claim} claim`;
  if (error.claim === 'aud') return `is not for this server (its audience must be ${resource})`;
  if (error.claim === 'nbf') return `is not valid yet (nbf, beyond ${clockSkewSeconds} s of clock skew)`;
  if (error.claim === 'iat')
    return `is issued in the future (iat, beyond ${clockSkewSeconds} s of clock skew)`;
  return `fails its ${error.claim} check`;
}

/** RFC 9728 §3.1: the metadata of `https://host/path` is at `https://host/.well-known/oauth-protected-resource/path`. */
const metadataPathOf = (pathname: string) =>
  `/.well-known/oauth-protected-resource${pathname === '/' ? '' : pathname}`;

/**
 * `--auth oauth`: the MCP authorization spec's resource server. Bearer tokens are JWTs of a configured issuer,
 * verified with the issuer's published keys (jose), for this server's address as audience, within `exp` and `nbf`;
 * a verified subject is mapped to an API key by the operator's `keyForSubject`. A 401 names the protected resource
 * metadata (RFC 9728) where a client learns which issuer to ask for a token. `endpointUrl` is where the server itself
 * answers: the audience unless `options.resource` names the address clients reach it by.
 */
export function oauthResource(
  options: OAuthOptions,
  endpointUrl: string,
  log: (line: string) => void = () => undefined,
): SessionAuth {
  const resource = options.resource ?? endpointUrl;
  const timeoutMs = options.issuerTimeoutMs ?? defaultIssuerTimeoutMs;
  const issuers = new Map(
    options.issuers.map((entry) => {
      const issuer = typeof entry === 'string' ? { issuer: entry } : entry;
      for (const address of [issuer.issuer, issuer.jwksUri ?? issuer.issuer])
        if (!isTrustedAddress(address))
          throw new Error(
            `auth.issuers: ${JSON.stringify(address)} must be an https:// address (http:// to loopback only)`,
          );
      return [issuer.issuer, issuerKeys(issuer, timeoutMs)] as const;
    }),
  );
  if (issuers.size === 0) throw new Error('auth.issuers: name at least one issuer');
  const { origin, pathname } = new URL(resource);
  const resourceMetadata = `${origin}${metadataPathOf(pathname)}`;
  const invalid = (fault: string) =>
    unauthorized(`Authorization: the token ${fault}`, { error: 'invalid_token', resourceMetadata });

  const verified = async (token: string) => {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      return invalid('is not a JWT');
    }
    const keys = typeof issuer === 'string' ? issuers.get(issuer) : undefined;
    if (!keys || typeof issuer !== 'string')
      return invalid(`was not issued by ${[...issuers.keys()].join(' or ')}`);
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience: resource,
        algorithms,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: clockSkewSeconds,
      });
      // jose checks `iat` only against a maximum age: one in the future is refused here, with the same skew.
      if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + clockSkewSeconds)
        return invalid(claimFault({ claim: 'iat' }, resource));
      return { issuer, payload };
    } catch (error) {
      const { code } = error as { code?: string };
      if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return invalid(claimFault(error as object, resource));
      const fault = code === undefined ? undefined : tokenFaults[code];
      if (fault) return invalid(fault);
      // Why goes to the operator's log: the caller learns nothing of the issuer's addresses or its network.
      log(
        `[warn] the signing keys of ${issuer} could not be had: ${(error as Error)?.message ?? String(error)}`,
      );
      return refusal(
        503,
        'issuer_unreachable',
        `Authorization: the signing keys of ${issuer} could not be had; try again`,
        'Authorization',
        { 'retry-after': '30' },
      );
    }
  };

  return {
    resourceMetadataUrl: resourceMetadata,
    metadata: {
      // The resource's path and the endpoint's own: behind a proxy that strips a prefix, the server sees the latter.
      paths: [
        ...new Set([
          metadataPathOf('/'),
          metadataPathOf(pathname),
          metadataPathOf(new URL(endpointUrl).pathname),
        ]),
      ],
      document: {
        resource,
        authorization_servers: [...issuers.keys()],
        bearer_methods_supported: ['header'],
        resource_name: 'Inference and Infrastructure API (MCP)',
      },
    },
    authenticate: async (request) => {
      const token = bearerTokenOf(request, resourceMetadata);
      if (isRefusal(token)) return token;
      const result = await verified(token);
      if (isRefusal(result)) return result;
      const subject = String(result.payload.sub);
      return {
        id: principalId('subject', result.issuer, subject),
        label: `subject ${JSON.stringify(subject.slice(0, 100))} of ${result.issuer}`,
        claims: result.payload,
      };
    },
    keyOf: async (principal): Promise<string | Refusal> => {
      const key = await options.keyForSubject(principal.claims ?? {});
      if (typeof key === 'string' && key !== '') return key;
      return refusal(
        403,
        'no_key_for_subject',
        `Authorization: ${principal.label} has no API key on this server; its operator maps subjects to keys (--auth-keys)`,
        'Authorization',
      );
    },
  };
}
