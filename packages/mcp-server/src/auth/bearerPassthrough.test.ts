import { randomBytes } from 'node:crypto';
import { createSimulator, type Simulator } from '@inference-infra/mock-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpEndpoint, serveHttp } from '../http/serveHttp.js';
import { createMcpServer } from '../server/createMcpServer.js';
import { initialize, rawPost } from '../test/httpClients.js';
import { readOnlyToolNames } from '../test/specExamples.js';
import { errorTextOf, textOf } from '../test/toolResults.js';

const addresses = { baseUrl: 'http://127.0.0.1:4010/v1', platformUrl: 'http://127.0.0.1:4011' };
const newKey = () => `ii_live_${randomBytes(12).toString('hex')}`;
const [alice, bob] = [newKey(), newKey()];

let simulator: Simulator;
let endpoint: HttpEndpoint;
/** The Authorization of every call the sessions made upstream, in order. */
const sentUpstream: string[] = [];
const seen: string[] = [];

beforeAll(async () => {
  simulator = createSimulator();
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sentUpstream.push(request.headers.get('authorization') ?? '(none)');
    return simulator.fetch(request);
  };
  endpoint = await serveHttp(
    ({ apiKey }) => createMcpServer({ apiKey, fetch: recording, ...addresses, allow: ['resize_volume'] }),
    { auth: { mode: 'bearer-passthrough' }, maxSessionsPerClient: 2 },
  );
});
afterAll(() => endpoint.close());

async function connectAs(key: string) {
  const client = new Client({ name: 'bearer-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
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

/** One call of a session, with the keys its calls sent upstream. */
async function resize(client: Client, sizeGb: number) {
  const from = sentUpstream.length;
  const result = await client.callTool({
    name: 'resize_volume',
    arguments: { id: 'vol_scratch', size_gb: sizeGb },
  });
  seen.push(JSON.stringify(result));
  return { result, keys: new Set(sentUpstream.slice(from)) };
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

describe('--auth bearer-passthrough: each session spends the key that started it', () => {
  it("keeps two users' interleaved sessions apart: each call carries its own key, each sees its own volumes", async () => {
    const [a, b] = [await connectAs(alice), await connectAs(bob)];
    // The operator's gate holds for every caller: the read-only tools and the one allowed.
    const listed = (await a.client.listTools()).tools.map((tool) => tool.name);
    expect(listed.sort()).toEqual([...readOnlyToolNames, 'resize_volume'].sort());
    const aliceGrows = await resize(a.client, 500);
    expect(aliceGrows.result.isError, textOf(aliceGrows.result)).toBeFalsy();
    expect(aliceGrows.keys).toEqual(new Set([`Bearer ${alice}`]));
    // Bob's vol_scratch is still the seeded 10 GB: 300 is growth for him, a shrink (409) for Alice.
    const bobGrows = await resize(b.client, 300);
    expect(bobGrows.result.isError, textOf(bobGrows.result)).toBeFalsy();
    expect(bobGrows.keys).toEqual(new Set([`Bearer ${bob}`]));
    const aliceShrinks = await resize(a.client, 300);
    expect(errorTextOf(aliceShrinks.result)).toContain('current size of 500 GB');
    expect(aliceShrinks.keys).toEqual(new Set([`Bearer ${alice}`]));
    expect(simulator.state.workspace(alice).volumes.get('vol_scratch')?.sizeGb).toBe(500);
    expect(simulator.state.workspace(bob).volumes.get('vol_scratch')?.sizeGb).toBe(300);
    await a.close();
    await b.close();
  });

  it('refuses a request without a key with 401 and WWW-Authenticate: Bearer, and the SDK client cannot connect', async () => {
    const answer = await post({});
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect((await answer.json()).error.message).toMatch(/^Authorization: missing; send your own API key/);
    const client = new Client({ name: 'no-key', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)))).rejects.toThrow(
      /Authorization: missing/,
    );
  });

  it("refuses another user's key on a session with 401 invalid_token, naming neither key", async () => {
    const a = await connectAs(alice);
    const before = sentUpstream.length;
    const body = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const answer = await post({ authorization: `Bearer ${bob}`, 'mcp-session-id': a.sessionId }, body);
    const text = await answer.text();
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", error_description="/,
    );
    expect(JSON.parse(text).error.message).toMatch(
      /^Mcp-Session-Id: this session was started with other credentials/,
    );
    for (const key of [alice, bob]) expect(text + answer.headers.get('www-authenticate')).not.toContain(key);
    // Ending the session needs its own key too.
    const ended = await fetch(endpoint.url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${bob}`, 'mcp-session-id': a.sessionId },
    });
    expect(ended.status).toBe(401);
    expect((await a.client.listTools()).tools.length).toBeGreaterThan(0);
    expect(sentUpstream.length).toBe(before);
    await a.close();
  });

  it('refuses a malformed Authorization with 400 invalid_request, never quoting it', async () => {
    for (const authorization of [`Bearer ${alice} extra`, `Bearer ${alice}"`, 'Bearer']) {
      const answer = await post({ authorization });
      const text = await answer.text();
      expect(answer.status).toBe(400);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_request"/);
      expect(text).not.toContain(alice.slice(8));
    }
  });

  it('bounds the sessions of one key, whatever address they come from, without naming it', async () => {
    const held = [await connectAs(alice), await connectAs(alice)];
    const third = await post({ authorization: `Bearer ${alice}` });
    const text = await third.text();
    expect(third.status).toBe(429);
    expect(JSON.parse(text).error.message).toMatch(/^Session refused: this key holds 2 sessions/);
    expect(text).not.toContain(alice.slice(8, 16));
    const other = await connectAs(bob);
    await other.close();
    for (const session of held) await session.close();
  });

  it('answers GET /healthz with {"status":"ok"} without a key, whatever the Host', async () => {
    const answer = await fetch(endpoint.url.replace('/mcp', '/healthz'));
    expect([answer.status, await answer.json()]).toEqual([200, { status: 'ok' }]);
    const probed = await rawPost(endpoint.url, '/healthz', ['Host: 10.1.2.3:3333'], '');
    expect(probed.status).toBe(405);
    expect(probed.headers.allow).toBe('GET, HEAD');
    const head = await fetch(endpoint.url.replace('/mcp', '/healthz'), { method: 'HEAD' });
    expect([head.status, head.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect((await post({}, '{}')).status).toBe(401);
  });

  it('never answered with a key', () => {
    expect(seen.length).toBe(3);
    for (const key of [alice, bob]) expect(seen.join('\n')).not.toContain(key.slice(8, 16));
  });
});

describe('serving names other than loopback', () => {
  it('refuses an address other machines reach without auth, or without the names it is reached by', async () => {
    const session = () => createMcpServer({ apiKey: null });
    await expect(serveHttp(session, { host: '0.0.0.0' })).rejects.toThrow(
      /^--host 0\.0\.0\.0: a server other machines can reach needs --auth/,
    );
    await expect(
      serveHttp(session, { host: '0.0.0.0', auth: { mode: 'bearer-passthrough' } }),
    ).rejects.toThrow(/^--host 0\.0\.0\.0 needs --allow-host NAME/);
  });

  it('answers the names of --allow-host only, loopback ones included only when listed', async () => {
    const named = await serveHttp(
      ({ apiKey }) => createMcpServer({ apiKey, fetch: simulator.fetch, ...addresses }),
      {
        auth: { mode: 'bearer-passthrough' },
        allowHosts: ['mcp.example.com'],
      },
    );
    const port = Number(new URL(named.url).port);
    const lines = [`authorization: Bearer ${alice}`];
    const served = await rawPost(named.url, '/mcp', ['Host: mcp.example.com', ...lines]);
    expect(served.status).toBe(200);
    const loopback = await rawPost(named.url, '/mcp', [`Host: 127.0.0.1:${port}`, ...lines]);
    expect(loopback.status).toBe(403);
    expect(loopback.error?.message).toBe(
      `Host: "127.0.0.1:${port}" is not one of mcp.example.com (--allow-host)`,
    );
    await named.close();
  });
});
