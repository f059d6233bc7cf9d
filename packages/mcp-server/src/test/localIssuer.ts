import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export interface TokenOptions {
  subject?: string;
  audience: string;
  /** Seconds from now; negative for a token that has expired. */
  expiresIn?: number;
  notBefore?: number;
  /** Seconds from now the token says it was issued (`iat`); now by default. */
  issuedAt?: number;
  issuer?: string;
  /** Signed with a key pair of its own under the issuer's key id: a forgery. */
  forged?: boolean;
  claims?: JWTPayload;
}

/**
 * A tiny authorization server on 127.0.0.1 for tests: RFC 8414 metadata naming its JWKS, the JWKS of one ES256 key,
 * and tokens signed with that key. It counts what it serves, so a test sees the keys fetched once and cached.
 */
export async function startLocalIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const forger = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' };
  const served = { metadata: 0, jwks: 0 };
  let issuer = '';
  // Where the metadata says the keys are: an address that answers 404 while `keysMoved` is on.
  let keysMoved = false;
  const server = createServer((request, response) => {
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/oauth-authorization-server') {
      served.metadata += 1;
      const jwks = `${issuer}/${keysMoved ? 'jwks-gone' : 'jwks'}`;
      return json({ issuer, jwks_uri: jwks, token_endpoint: `${issuer}/token` });
    }
    if (request.url === '/jwks') {
      served.jwks += 1;
      return json({ keys: [jwk] });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const now = () => Math.floor(Date.now() / 1000);
  return {
    issuer,
    served,
    /** Points the metadata at an address without keys (`true`), or back at the keys. */
    moveKeys: (moved: boolean) => {
      keysMoved = moved;
    },
    token: (options: TokenOptions) => {
      let jwt = new SignJWT(options.claims ?? {})
        .setProtectedHeader({ alg: 'ES256', kid: 'key-1' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience)
        .setIssuedAt(now() + (options.issuedAt ?? 0))
        .setExpirationTime(now() + (options.expiresIn ?? 600));
      if (options.subject !== undefined) jwt = jwt.setSubject(options.subject);
      if (options.notBefore !== undefined) jwt = jwt.setNotBefore(now() + options.notBefore);
      return jwt.sign(options.forged ? forger.privateKey : privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
