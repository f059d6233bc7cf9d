import { createSimulator } from '@inference-infra/mock-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../server/createMcpServer.js';
import { secretKey } from '../test/stdioProcess.js';
import { textOf } from '../test/toolResults.js';
import { type HttpEndpoint, serveHttp } from './serveHttp.js';

const addresses = { baseUrl: 'http://127.0.0.1:4010/v1', platformUrl: 'http://127.0.0.1:4011' };
const replicas: HttpEndpoint[] = [];

beforeAll(async () => {
  // Two replicas of one deployment, as behind a load balancer: nothing shared but the API.
  const simulator = createSimulator();
  for (let at = 0; at < 2; at++)
    replicas.push(
      await serveHttp(() => createMcpServer({ apiKey: secretKey, fetch: simulator.fetch, ...addresses }), {
        stateless: true,
      }),
    );
});
afterAll(async () => {
  for (const replica of replicas) await replica.close();
});

const post = (url: string, body: object) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
  });

describe('--stateless: the SDK stateless transport, no session to hold', () => {
  it("serves the SDK's client with no session id", async () => {
    const client = new Client({ name: 'stateless-tests', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(replicas[0]?.url as string));
    await client.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    const result = await client.callTool({
      name: 'list_instance_types',
      arguments: { gpu_type: 'H100', region: 'us-east-1' },
    });
    expect(textOf(result)).toContain('it_h100_1x_use1');
    await client.close();
  });

  it('answers a tool call at any replica, none of which saw an initialize', async () => {
    for (const replica of replicas) {
      const answer = await post(replica.url, {
        method: 'tools/call',
        params: { name: 'list_instance_types', arguments: { gpu_type: 'H100', region: 'us-east-1' } },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('mcp-session-id')).toBeNull();
      expect(await answer.text()).toContain('it_h100_1x_use1');
    }
  });

  it('refuses GET and DELETE with 405: there is no session to listen to or end', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(replicas[0]?.url as string, {
        method,
        headers: { accept: 'text/event-stream' },
      });
      expect(answer.status).toBe(405);
      expect((await answer.json()).error.message).toMatch(
        /^This server is stateless \(--stateless\): POST only/,
      );
    }
  });
});
