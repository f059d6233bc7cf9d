import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const binPath = fileURLToPath(new URL('../../bin/inference-infra-mcp.js', import.meta.url));

/** A key the simulator accepts, new for each run, so a leak of it anywhere is a leak of this run's key. */
export const secretKey = `ii_live_${randomBytes(12).toString('hex')}`;

export interface BinProcess {
  client: Client;
  transport: StdioClientTransport;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** The BUILT bin as a real process, with the SDK's own client over stdio: what an MCP host runs. */
export async function startBin(args: string[], env: Record<string, string> = {}): Promise<BinProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binPath, ...args],
    env: { PATH: process.env.PATH ?? '', INFERENCE_INFRA_API_KEY: secretKey, ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'mcp-server-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, close: () => client.close() };
}
