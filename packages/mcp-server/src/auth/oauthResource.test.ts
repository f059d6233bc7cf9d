import { randomBytes } from 'node:crypto';
import { createSimulator, type Simulator } from '@inference-infra/mock-server';
import {
  discoverOAuthProtectedResourceMetadata,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpEndpoint, serveHttp } from '../http/serveHttp.js';
import { createMcpServer } from '../server/createMcpServer.js';
import { initialize } from '../test/httpClients.js';
import { startLocalIssuer, type TokenOptions } from '../test/localIssuer.js';
import { errorTextOf, textOf } from '../test/toolResults.js';

const addresses = { baseUrl: 'http://127.0.0.1:4010/v1', platformUrl: 'http://127.0.0.1:4011' };
const newKey = () => `ii_live_${randomBytes(12).toString('hex')}`;
const keys: Record<string, string> = { alice: newKey(), bob: newKey() };

let issuer: Awaited<ReturnType<typeof startLocalIssuer>>;
let simulator: Simulator;
let endpoint: HttpEndpoint;
let metadataUrl: string;
const seen: string[] = [];

beforeAll(async () => {
  issuer = await startLocalIssuer();
  simulator = createSimulator();
  endpoint = await serveHttp(
    ({ apiKey }) =>
      createMcpServer({ apiKey, fetch: simulator.fetch, ...addresses, allow: ['resize_volume'] }),
    {
      auth: {
        mode: 'oauth',
        issuers: [issuer.issuer],
        // The operator's hook: here a table, as --auth-keys is; any lookup (a vault, a database) fits.
        keyForSubject: async (claims) => keys[String(claims.sub)],
      },
    },
  );
  metadataUrl = endpoint.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp');
});
afterAll(async () => {
  await endpoint.close();
  await issuer.close();
});

const tokenFor = (subject: string, options: Partial<TokenOptions> = {}) =>
  issuer.token({ subject, audience: endpoint.url, ...options });

/** A provider that already holds a token: what an SDK client has after its OAuth flow. */
function providerWith(token: string): OAuthClientProvider {
  const none = () => {
    throw new Error('no OAuth flow in this test');
  };
  return {
    redirectUrl: undefined,
    clientMetadata: { redirect_uris: [] },
    clientInformation: () => undefined,
    tokens: () => ({ access_token: token, token_type: 'Bearer' }),
    saveTokens: none,
    redirectToAuthorization: none,
    saveCodeVerifier: none,
    codeVerifier: none,
  };
}

async function connectWith(token: string, how: 'header' | 'provider' = 'header') {
  const client = new Client({ name: 'oauth-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(
    new URL(endpoint.url),
    how === 'provider'
      ? { authProvider: providerWith(token) }
      : { requestInit: { headers: { authorization: `Bearer ${token}` } } },
  );
  await client.connect(transport);
  return {
    client,
    sessionId: transport.sessionId as string,
    close: async () => {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

const post = (headers: Record<string, string>, body = initialize) =>
  fetch(endpoint.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });

async function resize(client: Client, sizeGb: number) {
  const result = await client.callTool({
    name: 'resize_volume',
    arguments: { id: 'vol_scratch', size_gb: sizeGb },
  });
  seen.push(JSON.stringify(result));
  return result;
}

describe('--auth oauth: the resource server of the MCP authorization spec', () => {
  it('publishes its protected resource metadata (RFC 9728), which the SDK client reads', async () => {
    const expected = { resource: endpoint.url, authorization_servers: [issuer.issuer] };
    const document = await discoverOAuthProtectedResourceMetadata(endpoint.url);
    expect(document).toMatchObject({ ...expected, bearer_methods_supported: ['header'] });
    const root = await fetch(endpoint.url.replace('/mcp', '/.well-known/oauth-protected-resource'));
    expect(await root.json()).toMatchObject(expected);
  });

  it('refuses a request without a token with 401 naming the metadata, as MCP clients expect', async () => {
    const answer = await post({});
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
  });

  it("keeps two users' interleaved sessions apart, each on the key of its token's subject", async () => {
    const a = await connectWith(await tokenFor('alice'));
    const b = await connectWith(await tokenFor('bob'), 'provider');
    expect(textOf(await resize(a.client, 700))).toContain('700');
    // Bob's vol_scratch is still the seeded 10 GB: 400 is growth for him, a shrink for Alice.
    expect((await resize(b.client, 400)).isError).toBeFalsy();
    expect(errorTextOf(await resize(a.client, 400))).toContain('current size of 700 GB');
    expect(simulator.state.workspace(keys.alice as string).volumes.get('vol_scratch')?.sizeGb).toBe(700);
    expect(simulator.state.workspace(keys.bob as string).volumes.get('vol_scratch')?.sizeGb).toBe(400);
    // The issuer's keys were fetched once, for every token since.
    expect(issuer.served).toEqual({ metadata: 1, jwks: 1 });
    await a.close();
    await b.close();
  });

  it.each<[string, () => Promise<string>, RegExp]>([
    ['a forged token', () => tokenFor('alice', { forged: true }), /signature that does not verify/],
    ['an expired token', () => tokenFor('alice', { expiresIn: -60 }), /has expired/],
    [
      'a token for another audience',
      () => tokenFor('alice', { audience: 'https://other.example/mcp' }),
      /is not for this server \(its audience must be http/,
    ],
    ['a token not valid yet', () => tokenFor('alice', { notBefore: 600 }), /is not valid yet/],
    [
      'a token issued a year from now',
      () => tokenFor('alice', { issuedAt: 365 * 24 * 3600, expiresIn: 366 * 24 * 3600 }),
      /is issued in the future \(iat, beyond 60 s of clock skew\)/,
    ],
    [
      'a token issued further ahead than the clock skew',
      () => tokenFor('alice', { issuedAt: 120 }),
      /is issued in the future/,
    ],
    [
      'a token of another issuer',
      () => tokenFor('alice', { issuer: 'https://elsewhere.example' }),
      /was not issued by http:\/\/127\.0\.0\.1/,
    ],
    ['a token without a subject', () => issuer.token({ audience: endpoint.url }), /has no sub claim/],
    ['a token that is no JWT', async () => keys.alice as string, /is not a JWT/],
    [
      'a token signed with a shared secret',
      () =>
        new SignJWT({ sub: 'alice' })
          .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
          .setIssuer(issuer.issuer)
          .setAudience(endpoint.url)
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode('a secret anyone could guess, long enough')),
      /is not signed with a key pair/,
    ],
  ])('refuses %s with 401 invalid_token and the metadata', async (_name, token, message) => {
    const answer = await post({ authorization: `Bearer ${await token()}` });
    expect(answer.status).toBe(401);
    const challenge = answer.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="Authorization: the token /);
    expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
    expect((await answer.json()).error.message).toMatch(message);
  });

  it("refuses another subject's token on a session, and takes its own subject's next token", async () => {
    const a = await connectWith(await tokenFor('alice'));
    const body = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const headers = { 'mcp-session-id': a.sessionId, 'mcp-protocol-version': '2025-06-18' };
    const bobs = await post({ ...headers, authorization: `Bearer ${await tokenFor('bob')}` }, body);
    expect(bobs.status).toBe(401);
    expect(bobs.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const renewed = await post(
      { ...headers, authorization: `Bearer ${await tokenFor('alice', { expiresIn: 900 })}` },
      body,
    );
    expect(renewed.status).toBe(200);
    await a.close();
  });

  it('takes a token whose clock is ahead of ours within the skew (60 s)', async () => {
    const answer = await post({
      authorization: `Bearer ${await tokenFor('alice', { issuedAt: 30, notBefore: 30 })}`,
    });
    expect(answer.status).toBe(200);
    await fetch(endpoint.url, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${await tokenFor('alice')}`,
        'mcp-session-id': answer.headers.get('mcp-session-id') ?? '',
      },
    });
  });

  it('refuses a verified subject the operator gave no key with 403, opening no session', async () => {
    const answer = await post({ authorization: `Bearer ${await tokenFor('mallory')}` });
    expect(answer.status).toBe(403);
    expect((await answer.json()).error.message).toMatch(
      /subject "mallory" of http:\/\/127\.0\.0\.1:\d+ has no API key on this server/,
    );
    expect(answer.headers.get('mcp-session-id')).toBeNull();
  });

  it('never answered with a key', () => {
    expect(seen.length).toBe(3);
    for (const key of Object.values(keys)) expect(seen.join('\n')).not.toContain(key.slice(8, 16));
  });
});

describe('an issuer that cannot be reached', () => {
  it('answers 503 with Retry-After: no verdict on the token, so the client keeps it', async () => {
    const gone = await startLocalIssuer();
    await gone.close();
    const logged: string[] = [];
    const server = await serveHttp(() => createMcpServer({}), {
      log: (line) => logged.push(line),
      auth: {
        mode: 'oauth',
        issuers: [gone.issuer],
        keyForSubject: () => 'ii_live_unused',
        issuerTimeoutMs: 1000,
      },
    });
    const token = await gone.token({ subject: 'alice', audience: server.url });
    const answer = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: initialize,
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    const message = (await answer.json()).error.message;
    expect(message).toMatch(
      /^Authorization: the signing keys of http:\/\/127\.0\.0\.1:\d+ could not be had; try again$/,
    );
    // Nothing of the issuer's insides (its metadata addresses, what the network said): those are the operator's.
    expect(message).not.toMatch(/well-known|jwks|fetch failed|ECONNREFUSED/i);
    expect(logged.join('\n')).toMatch(/\[warn\] the signing keys of .* could not be had: .*well-known/);
    await server.close();
  });

  it('fetches the key set again on a later request after a failure, from the metadata anew', async () => {
    const moving = await startLocalIssuer();
    moving.moveKeys(true);
    const server = await serveHttp(() => createMcpServer({ apiKey: null }), {
      auth: { mode: 'oauth', issuers: [moving.issuer], keyForSubject: () => 'ii_live_unused_0123456789' },
    });
    const ask = async () =>
      fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${await moving.token({ subject: 'alice', audience: server.url })}`,
        },
        body: initialize,
      });
    expect((await ask()).status).toBe(503);
    // The issuer fixed its metadata: the next request reads it again and gets the keys, no restart needed.
    moving.moveKeys(false);
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(moving.served.metadata).toBe(2);
    await server.close();
    await moving.close();
  });
});
