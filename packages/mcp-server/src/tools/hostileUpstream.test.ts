import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpEndpoint, serveHttp } from '../http/serveHttp.js';
import { createMcpServer } from '../server/createMcpServer.js';
import { type HostileUpstream, startHostileUpstream, writeForever } from '../test/hostileUpstream.js';
import { secretKey } from '../test/stdioProcess.js';
import { errorTextOf, textOf } from '../test/toolResults.js';

const secret = secretKey.slice('ii_live_'.length);
/** The deadline of one upstream call: what would end an endless answer if the byte bound did not. */
const requestTimeoutMs = 10_000;
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', created: 1, model: 'm', choices: [{ index: 0, delta: { content } }] })}\n\n`;

let upstream: HostileUpstream;
let endpoint: HttpEndpoint;
let client: Client;

beforeAll(async () => {
  upstream = await startHostileUpstream((request, response, url) => {
    const gpu = url.searchParams.get('gpu_type');
    if (url.pathname === '/api/v1/instances/types' && gpu === 'echo') {
      // A 401 that quotes the key it was sent, less one character, base64-encoded and \u-escaped.
      const escaped = [...secretKey]
        .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join('');
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        `{"error":{"type":"authentication_error","message":"unknown key ${secretKey.slice(0, -1)} (${Buffer.from(`Bearer ${secretKey}`).toString('base64')}) \\"${escaped}\\""}}`,
      );
      return;
    }
    if (url.pathname === '/api/v1/instances/types' && gpu === 'endless') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"data":[');
      writeForever(response, `{"id":"${'x'.repeat(1000)}"},`);
      return;
    }
    if (url.pathname === '/api/v1/instances/types') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":[],"meta":{"total":0,"hasMore":false}}');
      return;
    }
    if (url.pathname === '/v1/chat/completions') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('Once upon a time'));
      // `endless` never stops talking; any other model says one word and falls silent.
      let body = '';
      request.on('data', (piece: Buffer) => {
        body += piece.toString('utf8');
        if (body.includes('"endless"')) writeForever(response, chunk(' and then'.repeat(50)));
      });
      return;
    }
    response.writeHead(404).end();
  });
  const server = () =>
    createMcpServer({
      apiKey: secretKey,
      baseUrl: `${upstream.origin}/v1`,
      platformUrl: upstream.origin,
      allowWrites: true,
      maxRetries: 0,
      timeoutMs: requestTimeoutMs,
      maxAnswerBytes: 256 * 1024,
      // Long enough that 256 KiB of an endless stream arrive first on a loaded machine.
      streamTimeoutMs: 3_000,
    });
  endpoint = await serveHttp(server);
  client = new Client({ name: 'hostile-upstream-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
});
afterAll(async () => {
  await client?.close();
  await endpoint?.close();
  await upstream?.close();
});

/** Whether the text holds any 8 characters of the key's secret in a row. */
const givesAway = (text: string) =>
  Array.from({ length: secret.length - 7 }, (_, at) => secret.slice(at, at + 8)).some((run) =>
    text.includes(run),
  );

describe('an upstream that echoes the key', () => {
  it('answers its 401 with no 8 characters of the key in a row, in any form the echo gave it', async () => {
    const result = await client.callTool({ name: 'list_instance_types', arguments: { gpu_type: 'echo' } });
    const text = errorTextOf(result);
    expect(text).toMatch(/failed with 401 \(authentication_error\): unknown key \[redacted\]/);
    expect(givesAway(JSON.stringify(result))).toBe(false);
    expect(text).not.toContain(Buffer.from(`Bearer ${secretKey}`).toString('base64').slice(12, 28));
    expect(text).not.toMatch(/(\\u00[0-9a-f]{2}){12}/);
  });
});

describe('an upstream whose answer never ends', () => {
  it('cuts a JSON answer past --max-answer-bytes, saying so, and keeps serving', async () => {
    const started = Date.now();
    const result = await client.callTool({ name: 'list_instance_types', arguments: { gpu_type: 'endless' } });
    expect(errorTextOf(result)).toContain(
      'listInstanceTypes: the answer was cut at a bound of this server, stream: larger than 262144 bytes (--max-answer-bytes)',
    );
    // Cut by the byte bound, not ended by the request's deadline: the only other thing that ends an endless answer.
    expect(Date.now() - started).toBeLessThan(requestTimeoutMs);
    const after = await client.callTool({ name: 'list_instance_types', arguments: {} });
    expect(after.isError, textOf(after)).toBeFalsy();
  });

  it('cuts a chat stream that never ends past --max-answer-bytes', async () => {
    const result = await client.callTool({
      name: 'create_chat_completion',
      arguments: { model: 'endless', stream: true, messages: [{ role: 'user', content: 'go on' }] },
    });
    const text = errorTextOf(result);
    expect(text).toContain('stream: larger than 262144 bytes (--max-answer-bytes)');
    expect(text).toContain('the API may have acted');
  });

  it('cuts a chat stream that falls silent at --stream-timeout-ms', async () => {
    const result = await client.callTool({
      name: 'create_chat_completion',
      arguments: { model: 'silent', stream: true, messages: [{ role: 'user', content: 'go on' }] },
    });
    // The message is the deadline's own: the call ended by it, not by the test's timeout.
    expect(errorTextOf(result)).toContain('stream: not finished within 3000 ms (--stream-timeout-ms)');
  });
});
