import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ExampleProject } from './exampleProject.ts';
import { exampleDir } from './examples.ts';
import { readmeCommand, sampleMismatch, sampleOutput } from './readme.ts';
import { exampleKey, h100s, simulatorEnv } from './simulator.ts';

const name = 'mcp-client';
let project: ExampleProject | undefined;
afterAll(() => project?.remove());

interface ServerEntry {
  type?: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The variables the MCP server reads (its --help and README name them), and nothing else. */
const serverVariables = [
  'INFERENCE_INFRA_API_KEY',
  'INFERENCE_INFRA_BASE_URL',
  'INFERENCE_INFRA_PLATFORM_URL',
];

describe('examples/mcp-client', () => {
  it.each([
    ['claude_desktop_config.json', 'mcpServers'],
    ['.mcp.json', 'mcpServers'],
    ['.vscode/mcp.json', 'servers'],
  ])('%s starts the package with npx -y and gives it the three variables it reads', (file, key) => {
    const config = JSON.parse(readFileSync(join(exampleDir(name), file), 'utf8')) as Record<
      string,
      Record<string, ServerEntry>
    >;
    const entry = config[key]?.['inference-infra'];
    expect(entry?.command).toBe('npx');
    expect(entry?.args).toEqual(['-y', '@inference-infra/mcp-server']);
    expect(Object.keys(entry?.env ?? {}).sort()).toEqual(serverVariables);
    // The key is either the local mock's demo key or asked for by the editor: never a real key in a file.
    expect(entry?.env.INFERENCE_INFRA_API_KEY).toMatch(/^(ii_live_mock|\$\{input:[\w-]+\})$/);
  });

  it('starts the server as the Claude Desktop file says and gets the read-only tools and only H100s', async () => {
    project = new ExampleProject(name, inject('registryUrl'));
    await project.install();
    const key = exampleKey(name);
    const { stdout, output } = await project.run(readmeCommand(name, /^npm start$/), {
      env: simulatorEnv(key),
      timeoutMs: 2 * 60_000,
    });
    const printed = stdout.replace(/^\n?> [^\n]*\n> [^\n]*\n\n/, '');
    const [tools, ...types] = printed.trimEnd().split('\n');
    expect(tools).toBe('tools: list_instance_types, list_billing_transactions');
    const expected = await h100s();
    expect(types).toEqual(
      expected.map(
        (type) => `${type.id}: ${type.gpu_count}x H100 in ${type.region} at $${type.hourly_rate} an hour`,
      ),
    );
    // The server said what it serves, on stderr (stdout is the protocol's), calling the simulator it was pointed at.
    expect(output).toMatch(/stdio \(2 of 6 tools listed, the API\)/);
    expect(output).not.toContain(key);
    expect(sampleMismatch(sampleOutput(name), printed)).toBeUndefined();
  });
});
