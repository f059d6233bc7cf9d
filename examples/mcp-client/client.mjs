// Starts the MCP server exactly as claude_desktop_config.json tells a client to (its command, arguments and
// environment), over stdio, then does what an agent would: lists the tools and calls list_instance_types.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const config = JSON.parse(readFileSync(new URL('./claude_desktop_config.json', import.meta.url), 'utf8'));
const server = config.mcpServers['inference-infra'];
// The same variables set in this shell win over the file's: how the example is pointed at another deployment.
const env = Object.fromEntries(
  Object.entries(server.env).map(([name, value]) => [name, process.env[name] || value]),
);
const transport = new StdioClientTransport({
  command: server.command,
  args: server.args,
  env, // added to the SDK's safe defaults (PATH, HOME...), as clients do
  // From this folder, npx runs the installed @inference-infra/mcp-server rather than fetching one.
  cwd: fileURLToPath(new URL('.', import.meta.url)),
  stderr: 'inherit',
});

const client = new Client({ name: 'inference-infra-example', version: '1.0.0' });
try {
  await client.connect(transport);
  const { tools } = await client.listTools();
  console.log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);

  const result = await client.callTool({ name: 'list_instance_types', arguments: { gpu_type: 'H100' } });
  // A tool's failure (a refused key, a bad argument) is a result with isError and a sentence, not a thrown error.
  if (result.isError) throw new Error(result.content.map((part) => part.text ?? '').join('\n'));
  // structuredContent is the API's answer, checked by the SDK against the tool's outputSchema.
  for (const type of result.structuredContent.data) {
    console.log(
      `${type.id}: ${type.gpu_count}x ${type.gpu_type} in ${type.region} at $${type.hourly_rate} an hour`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await client.close();
}
