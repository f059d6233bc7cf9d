import { createSimulator } from '@inference-infra/mock-server';
import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type HttpEndpoint, type HttpOptions, serveHttp } from '../http/serveHttp.js';
import { createMcpServer } from '../server/createMcpServer.js';
import { secretKey } from './stdioProcess.js';

export const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** The SDK's client on a session of the endpoint. */
export async function connectClient(url: string): Promise<Client> {
  const client = new Client({ name: 'mcp-server-http-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/**
 * A POST of `body` to `target` of the endpoint's port, as raw bytes: what a client sends exactly, never tidied up by
 * a URL parser (`fetch` would resolve `/mcp/../mcp` before sending it). `headerLines` come after a Host of 127.0.0.1.
 */
export async function rawPost(url: string, target: string, headerLines: string[] = [], body = initialize) {
  const port = Number(new URL(url).port);
  const head = [
    `POST ${target} HTTP/1.1`,
    ...(headerLines.some((line) => /^host:/i.test(line)) ? [] : [`Host: 127.0.0.1:${port}`]),
    'content-type: application/json',
    'accept: application/json, text/event-stream',
    `content-length: ${Buffer.byteLength(body)}`,
    ...headerLines,
  ];
  const exchange = await sendRaw(port, { bytes: `${head.join('\r\n')}\r\n\r\n${body}` });
  return { ...exchange, error: errorOf(exchange.body) };
}

/** The JSON-RPC error of an answer body, if it holds one. */
export function errorOf(body: string): { code: number; message: string } | undefined {
  try {
    return (JSON.parse(body) as { error?: { code: number; message: string } }).error;
  } catch {
    return undefined;
  }
}

/** The MCP server over HTTP in this process, every tool listed, on an in-process simulator. */
export function serveOnSimulator(options: HttpOptions, streamEventIntervalMs = 0): Promise<HttpEndpoint> {
  const simulator = createSimulator({ streamEventIntervalMs });
  const session = () =>
    createMcpServer({
      apiKey: secretKey,
      fetch: simulator.fetch,
      baseUrl: 'http://127.0.0.1:4010/v1',
      platformUrl: 'http://127.0.0.1:4011',
      allowWrites: true,
    });
  return serveHttp(session, options);
}
