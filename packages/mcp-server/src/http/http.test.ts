import { request as httpRequest } from 'node:http';
import { createSimulator, type Simulator } from '@inference-infra/mock-server';
import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ElicitRequestSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../server/createMcpServer.js';
import { readOnlyToolNames, toolNames } from '../test/specExamples.js';
import { secretKey } from '../test/stdioProcess.js';
import { errorTextOf, textOf } from '../test/toolResults.js';
import { type HttpEndpoint, serveHttp } from './serveHttp.js';

const addresses = { baseUrl: 'http://127.0.0.1:4010/v1', platformUrl: 'http://127.0.0.1:4011' };

let simulator: Simulator;
let writes: HttpEndpoint;
let readOnly: HttpEndpoint;
const results: unknown[] = [];

beforeAll(async () => {
  // The first listing of instance types is a 429 with Retry-After: 1, as a rate-limited API answers.
  simulator = createSimulator({
    streamEventIntervalMs: 5,
    faults: [{ operationId: 'listInstanceTypes', times: 1, simulate: 'status=429;retry-after=1' }],
  });
  const options = { apiKey: secretKey, fetch: simulator.fetch, ...addresses };
  writes = await serveHttp(() => createMcpServer({ ...options, allowWrites: true }));
  readOnly = await serveHttp(() => createMcpServer(options));
});
afterAll(async () => {
  await writes.close();
  await readOnly.close();
});

async function connect(endpoint: HttpEndpoint, answerElicitation?: (message: string) => object) {
  const client = new Client(
    { name: 'mcp-server-http-tests', version: '1.0.0' },
    answerElicitation ? { capabilities: { elicitation: {} } } : {},
  );
  if (answerElicitation) {
    client.setRequestHandler(
      ElicitRequestSchema,
      async (request) => answerElicitation(request.params.message) as never,
    );
  }
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url));
  await client.connect(transport);
  // A client that is done ends its session (the SDK's close() alone does not): the server keeps 10 per client.
  const close = client.close.bind(client);
  client.close = async () => {
    await transport.terminateSession().catch(() => undefined);
    await close();
  };
  return client;
}

/** Calls resize_volume with these arguments, expecting an error result and no request at the simulator. */
async function callSendingNothing(client: Client, args: Record<string, unknown>): Promise<string> {
  const before = simulator.state.requests.length;
  const result = await client.callTool({ name: 'resize_volume', arguments: args });
  results.push(result);
  expect(simulator.state.requests.length).toBe(before);
  return errorTextOf(result);
}

describe('Streamable HTTP on loopback', () => {
  let client: Client;
  beforeEach(async () => {
    client = await connect(writes);
    return () => client.close();
  });

  it('serves on 127.0.0.1 and lists read-only tools by default, all with writes allowed', async () => {
    expect(writes.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(toolNames);
    const reader = await connect(readOnly);
    expect((await reader.listTools()).tools.map((tool) => tool.name)).toEqual(readOnlyToolNames);
    await reader.close();
  });

  it('retries a 429 as the fetch client retries (after Retry-After), then answers', async () => {
    const before = simulator.state.requests.length;
    const started = Date.now();
    const result = await client.callTool({ name: 'list_instance_types', arguments: { gpu_type: 'A100' } });
    results.push(result);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(simulator.state.requests.slice(before).map((record) => record.status)).toEqual([429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('sends nothing for a refused value', async () => {
    const text = await callSendingNothing(client, { id: 'vol_scratch', size_gb: 9 });
    expect(text).toContain('size_gb: must be at least 10 (got 9)');
  });

  it.each([
    ['resize_volume', '{"id":"vol_scratch","size_gb":5000,"constructor":1}', 'constructor'],
    ['resize_volume', '{"id":"vol_scratch","size_gb":5000,"__proto__":{"id":"vol_training"}}', '__proto__'],
    ['list_instance_types', '{"constructor":{"prototype":1}}', 'constructor'],
    [
      'create_chat_completion',
      '{"model":"m","messages":[{"role":"user","content":"hi"}],"__proto__":{}}',
      '__proto__',
    ],
    [
      'create_chat_completion',
      '{"model":"m","messages":[{"role":"user","content":"hi"}],"constructor":1}',
      'constructor',
    ],
  ])('%s refuses the argument of %s by name, sending nothing', async (name, args, refused) => {
    const before = simulator.state.requests.length;
    // Sent as JSON text, as any client's bytes arrive: `__proto__` is then an argument like any other.
    const result = await client.request(
      { method: 'tools/call', params: { name, arguments: JSON.parse(args) } },
      CallToolResultSchema,
    );
    results.push(result);
    expect(errorTextOf(result)).toContain(`- ${refused}: is not an argument of ${name}`);
    expect(simulator.state.requests.length).toBe(before);
  });

  it('refuses arguments that are null as a result saying they must be an object', async () => {
    const result = await client.request(
      { method: 'tools/call', params: { name: 'list_instance_types', arguments: null } },
      CallToolResultSchema,
    );
    expect(errorTextOf(result)).toContain('arguments: must be an object');
  });

  it('reports progress while a chat streams, and returns the whole text as one completion', async () => {
    const progress: Progress[] = [];
    const result = await client.callTool(
      {
        name: 'create_chat_completion',
        arguments: { model: 'm', messages: [{ role: 'user', content: 'Tell me a long story' }] },
      },
      undefined,
      { onprogress: (update) => progress.push(update) },
    );
    results.push(result);
    const completion = result.structuredContent as {
      object: string;
      choices: Array<{ message: { content: string } }>;
    };
    expect(completion.object).toBe('chat.completion');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)?.message).toMatch(/^\d+ chunks received$/);
    // The same request unstreamed gives the same text: the simulator is deterministic.
    const plain = await client.callTool({
      name: 'create_chat_completion',
      arguments: { model: 'm', messages: [{ role: 'user', content: 'Tell me a long story' }] },
    });
    expect((plain.structuredContent as typeof completion).choices[0]?.message.content).toBe(
      completion.choices[0]?.message.content,
    );
  });
});

describe('a resize asks the user to confirm when the client can ask', () => {
  it('sends the size the user confirmed (and corrected)', async () => {
    const asked: string[] = [];
    const client = await connect(writes, (message) => {
      asked.push(message);
      return { action: 'accept', content: { size_gb: 900 } };
    });
    const result = await client.callTool({
      name: 'resize_volume',
      arguments: { id: 'vol_scratch', size_gb: 800 },
    });
    results.push(result);
    expect(asked).toEqual(['Resize a persistent volume (id vol_scratch): size_gb = 800. Send it?']);
    expect((result.structuredContent as { data: { sizeGb: number } }).data.sizeGb).toBe(900);
    await client.close();
  });

  it('takes only the fields the form showed: an id in the answer does not send the resize to another volume', async () => {
    const client = await connect(writes, () => ({
      action: 'accept',
      content: { size_gb: 1000, id: 'vol_training' },
    }));
    const result = await client.callTool({
      name: 'resize_volume',
      arguments: { id: 'vol_scratch', size_gb: 950 },
    });
    results.push(result);
    expect(result.isError, textOf(result)).toBeFalsy();
    const resized = (result.structuredContent as { data: { id: string; sizeGb: number } }).data;
    expect(resized).toMatchObject({ id: 'vol_scratch', sizeGb: 1000 });
    await client.close();
  });

  it('sends nothing when the user declines', async () => {
    const client = await connect(writes, () => ({ action: 'decline' }));
    const text = await callSendingNothing(client, { id: 'vol_scratch', size_gb: 2000 });
    expect(text).toContain('the user answered "decline"');
    await client.close();
  });
});

function rawPost(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('what reaches the HTTP endpoint from outside', () => {
  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it('refuses a Host that is not loopback (DNS rebinding) and an Origin of another site', async () => {
    const init = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}';
    expect((await rawPost(writes.url, { ...json, host: 'evil.example' }, init)).status).toBe(403);
    expect((await rawPost(writes.url, { ...json, origin: 'https://evil.example' }, init)).status).toBe(403);
  });

  it('answers a body that is not JSON, a request without a session and another path, and keeps serving', async () => {
    const notJson = await rawPost(writes.url, json, '{"jsonrpc":');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error.code).toBe(-32700);
    expect((await rawPost(writes.url, json, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).status).toBe(
      400,
    );
    expect((await rawPost(writes.url.replace('/mcp', '/other'), json, '{}')).status).toBe(404);
    const client = await connect(writes);
    expect((await client.listTools()).tools.length).toBe(toolNames.length);
    await client.close();
  });

  it.each([
    [
      'a target that is no path',
      'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      400,
      /request target: must be a path \(got "\*"\)/,
    ],
    ['no Host', 'GET /mcp HTTP/1.1\r\n\r\n', 400, /Host: missing/],
    [
      'a length that is no number',
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: abc\r\n\r\n',
      400,
      /could not be read as HTTP \(HPE_/,
    ],
  ])('answers %s with a JSON-RPC error saying so', async (_name, bytes, status, message) => {
    const answer = await sendRaw(Number(new URL(writes.url).port), { bytes: Buffer.from(bytes) });
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body).error.message).toMatch(message);
  });

  it('never answers with the key', () => {
    expect(results.length).toBeGreaterThan(4);
    expect(JSON.stringify(results)).not.toContain(secretKey);
  });
});
