import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient, rawPost, serveOnSimulator } from '../test/httpClients.js';
import type { HttpEndpoint, HttpOptions } from './serveHttp.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close().catch(() => undefined);
});

async function serve(options: HttpOptions): Promise<HttpEndpoint> {
  const endpoint = await serveOnSimulator(options, 40);
  opened.push(endpoint);
  return endpoint;
}

async function connect(endpoint: HttpEndpoint): Promise<Client> {
  const client = await connectClient(endpoint.url);
  opened.push(client);
  return client;
}

describe('a new session past a bound is refused, and no session is closed for it', () => {
  it('refuses the sessions of one client past --max-sessions-per-client with a 429, the user keeping theirs', async () => {
    const endpoint = await serve({ maxSessionsPerClient: 2 });
    const user = await connect(endpoint);
    expect((await rawPost(endpoint.url, '/mcp')).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await rawPost(endpoint.url, '/mcp');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
      expect(refused.error?.code).toBe(-32000);
      expect(refused.error?.message).toMatch(
        /^Session refused: 127\.0\.0\.1 holds 2 sessions, the most one client may hold \(--max-sessions-per-client\); end one \(DELETE \/mcp/,
      );
    }
    expect((await user.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('refuses sessions past --max-sessions with a 503, the oldest session still served', async () => {
    const endpoint = await serve({ maxSessions: 2 });
    const user = await connect(endpoint);
    await connect(endpoint);
    const refused = await rawPost(endpoint.url, '/mcp');
    expect(refused.status).toBe(503);
    expect(refused.error?.message).toMatch(
      /^Session refused: this server holds 2 sessions, its most \(--max-sessions\)/,
    );
    expect((await user.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('frees the place of a session its client ends (DELETE)', async () => {
    const endpoint = await serve({ maxSessionsPerClient: 1 });
    const first = await connectClient(endpoint.url);
    expect((await rawPost(endpoint.url, '/mcp')).status).toBe(429);
    const transport = first.transport as StreamableHTTPClientTransport;
    await transport.terminateSession();
    await first.close();
    expect((await rawPost(endpoint.url, '/mcp')).status).toBe(200);
  });
});

describe('--session-idle-ms', () => {
  it('closes a session idle that long; its id then answers 404 naming the flag, and its place is free', async () => {
    // Long enough that a loaded machine's connect and first call stay within it.
    const endpoint = await serve({ sessionIdleMs: 1_000, maxSessionsPerClient: 1 });
    const user = await connect(endpoint);
    const sessionId = (user.transport as { sessionId?: string }).sessionId as string;
    expect((await user.listTools()).tools.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const expired = await rawPost(
      endpoint.url,
      '/mcp',
      [`mcp-session-id: ${sessionId}`, 'mcp-protocol-version: 2025-06-18'],
      '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
    );
    expect(expired.status).toBe(404);
    expect(expired.error?.message).toContain('closed after 1000 ms without a request (--session-idle-ms)');
    await expect(user.listTools()).rejects.toThrow(/No such session/);
    expect((await rawPost(endpoint.url, '/mcp')).status).toBe(200);
  });

  it('never closes a session during a call that outlasts it', async () => {
    // An idle time a loaded machine's connect (initialize, then its notification) stays well within, and a stream
    // slow enough (an event every 250 ms) to outlast it several times.
    const idleMs = 1_000;
    const endpoint = await serveOnSimulator({ sessionIdleMs: idleMs }, 250);
    opened.push(endpoint);
    const user = await connect(endpoint);
    const started = Date.now();
    const result = await user.callTool({
      name: 'create_chat_completion',
      arguments: { model: 'm', stream: true, messages: [{ role: 'user', content: 'Tell me a long story' }] },
    });
    expect(Date.now() - started).toBeGreaterThan(idleMs);
    expect(result.isError).toBeFalsy();
    expect((await user.listTools()).tools.length).toBeGreaterThan(0);
  });
});
