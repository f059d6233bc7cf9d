import { isLoopbackHostname } from '@inference-infra/edge';
import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from 'jose';
import { boundedFetch } from '../shared/boundedFetch.js';

/** An authorization server whose tokens are taken; its keys are found from its metadata unless `jwksUri` says. */
export interface OAuthIssuer {
  issuer: string;
  jwksUri?: string;
}

/** How long fetching an issuer's metadata or its keys may take by default. */
export const defaultIssuerTimeoutMs = 5_000;

/** An issuer's metadata and key set are a few kilobytes; an answer past this is no such document. */
const maxIssuerDocumentBytes = 1024 * 1024;

/** How long fetched keys are used before they are fetched again (jose's cache); a key not in them refetches sooner. */
const keysMaxAgeMs = 10 * 60 * 1000;

/** The issuer's metadata or keys could not be had: no answer to the token is known, so it is neither taken nor refused. */
export class IssuerUnreachableError extends Error {
  override name = 'IssuerUnreachableError';
}

/**
 * Whether keys or tokens may come from this address: https, or plain http to loopback only (a test's issuer), since
 * anyone on the way of plain http could swap the keys. No query or fragment: an issuer is compared as a string.
 */
export function isTrustedAddress(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (
    url.hash === '' &&
    url.search === '' &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHostname(url.hostname)))
  );
}

/** Where an issuer's metadata is: RFC 8414's path-inserted address first, then OpenID Connect's appended one. */
function metadataAddresses(issuer: string): URL[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, url.origin),
    new URL(`${path}/.well-known/openid-configuration`, url.origin),
  ];
}

async function jwksUriOf(issuer: string, timeoutMs: number, fetchFn: typeof fetch): Promise<URL> {
  const tried: string[] = [];
  for (const address of metadataAddresses(issuer)) {
    let metadata: { issuer?: unknown; jwks_uri?: unknown };
    try {
      const answer = await fetchFn(address, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!answer.ok) {
        await answer.body?.cancel().catch(() => undefined);
        tried.push(`${address.href} (${answer.status})`);
        continue;
      }
      metadata = (await answer.json()) as typeof metadata;
    } catch (error) {
      throw new IssuerUnreachableError(`${address.href}: ${(error as Error)?.message ?? String(error)}`);
    }
    // RFC 8414 §3.3: metadata naming another issuer is not this issuer's, whoever served it.
    if (metadata?.issuer !== issuer)
      throw new IssuerUnreachableError(
        `${address.href} names the issuer ${JSON.stringify(metadata?.issuer)}, not ${issuer}`,
      );
    if (typeof metadata.jwks_uri !== 'string' || !isTrustedAddress(metadata.jwks_uri))
      throw new IssuerUnreachableError(`${address.href} has no jwks_uri on https://`);
    return new URL(metadata.jwks_uri);
  }
  throw new IssuerUnreachableError(`no metadata of ${issuer} at ${tried.join(' or ')}`);
}

/**
 * The signing keys of one issuer, for jose's `jwtVerify`: its JWKS address from its metadata (once, again after a
 * failure), then the key set through jose's cache, each fetch by a deadline and a size bound and never redirected.
 */
export function issuerKeys(
  issuer: OAuthIssuer,
  timeoutMs = defaultIssuerTimeoutMs,
  fetchFn: typeof fetch = globalThis.fetch,
): JWTVerifyGetKey {
  const bounded = boundedFetch(() => fetchFn, maxIssuerDocumentBytes, 'the bound of an issuer document');
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const keys = () => {
    if (keySet) return keySet;
    const found = (
      issuer.jwksUri ? Promise.resolve(new URL(issuer.jwksUri)) : jwksUriOf(issuer.issuer, timeoutMs, bounded)
    ).then((uri) =>
      createRemoteJWKSet(uri, {
        timeoutDuration: timeoutMs,
        cacheMaxAge: keysMaxAgeMs,
        [customFetch]: bounded,
      }),
    );
    keySet = found;
    // A failure is not kept: the next token asks again.
    found.catch(() => {
      if (keySet === found) keySet = undefined;
    });
    return found;
  };
  return async (header, token) => {
    const set = keys();
    try {
      return await (await set)(header, token);
    } catch (error) {
      // The key set could not be fetched (no answer in time, not 200, not a key set): its address may be what broke,
      // so the next token finds it again from the metadata, each fetch with the same deadline and size bound.
      if (keysNotHad(error) && keySet === set) keySet = undefined;
      throw error;
    }
  };
}

/** jose's errors of a key set it could not fetch or read, as opposed to a token its keys refuse. */
const fetchFaults = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);
const keysNotHad = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return typeof code !== 'string' || fetchFaults.has(code);
};
