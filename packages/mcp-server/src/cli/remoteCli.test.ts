import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialize } from '../test/httpClients.js';
import { startLocalIssuer } from '../test/localIssuer.js';
import { readOnlyToolNames } from '../test/specExamples.js';
import { binPath, secretKey } from '../test/stdioProcess.js';

const alice = `ii_live_${randomBytes(12).toString('hex')}`;
/** The Authorization of every request the upstream got: whose key each call spent. */
const received: string[] = [];
let upstream: Server;
let upstreamUrl: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    received.push(request.headers.authorization ?? '(none)');
    if (request.url === '/api/v1/instances/types') {
      // Any key is taken: bearer-passthrough asks this read whether the API takes a key before a session.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":[],"meta":{"total":0,"hasMore":false,"requestId":"req_test"}}');
      return;
    }
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end('{"error":{"message":"down for the test","type":"api_error","code":null,"param":null}}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const child of started) child.kill('SIGTERM');
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

/** The built bin on a free port, the operator's own key in its environment, every line it writes kept. */
async function startBin(flags: string[]) {
  const child = spawn(
    process.execPath,
    [binPath, '--http', '--port', '0', '--max-retries', '0', '--log-level', 'debug', ...flags],
    {
      env: { PATH: process.env.PATH ?? '', INFERENCE_INFRA_API_KEY: secretKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.push(child);
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const found = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(stderr);
      if (found) resolve(found[0]);
    });
    child.once('exit', () => reject(new Error(`the bin exited before serving: ${stderr}`)));
  });
  return { url, stderr: () => stderr };
}

async function listAndCall(url: string, token: string) {
  const client = new Client({ name: 'remote-cli', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const from = received.length;
  const result = await client.callTool({ name: 'list_instance_types', arguments: {} });
  await transport.terminateSession();
  await client.close();
  return { tools, result: JSON.stringify(result), sent: received.slice(from) };
}

const api = () => ['--base-url', `${upstreamUrl}/v1`, '--platform-url', upstreamUrl];

describe('the built bin serving each caller on their own key', () => {
  it("--auth bearer-passthrough: calls spend the caller's key, never the environment's, read-only by default", async () => {
    const bin = await startBin(['--auth', 'bearer-passthrough', ...api()]);
    expect(bin.stderr()).toContain("each caller's own key (--auth bearer-passthrough)");
    expect(bin.stderr()).toContain('INFERENCE_INFRA_API_KEY is not used');
    const noKey = await fetch(bin.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: initialize,
    });
    expect([noKey.status, noKey.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    const { tools, result, sent } = await listAndCall(bin.url, alice);
    expect(tools.sort()).toEqual([...readOnlyToolNames].sort());
    expect(sent).toEqual([`Bearer ${alice}`]);
    // Debug logging on, and still no piece of either key in a line or a result.
    for (const key of [alice, secretKey]) {
      expect(bin.stderr()).not.toContain(key.slice(8, 16));
      expect(result).not.toContain(key.slice(8, 16));
    }
  });

  it('--auth oauth: a token of the issuer, its subject mapped by --auth-keys', async () => {
    const issuer = await startLocalIssuer();
    const keysFile = join(mkdtempSync(join(tmpdir(), 'auth-keys-')), 'keys.json');
    writeFileSync(keysFile, JSON.stringify({ alice }));
    const bin = await startBin([
      '--auth',
      'oauth',
      '--auth-issuer',
      issuer.issuer,
      '--auth-keys',
      keysFile,
      ...api(),
    ]);
    const token = await issuer.token({ subject: 'alice', audience: bin.url });
    const { sent, result } = await listAndCall(bin.url, token);
    expect(sent).toEqual([`Bearer ${alice}`]);
    expect(result + bin.stderr()).not.toContain(alice.slice(8, 16));
    await issuer.close();
  });
});
