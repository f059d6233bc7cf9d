import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { classifiedBlocks } from './classifiedBlocks.js';
import { repoRoot } from './readmeBlocks.js';
import { flagsOf, helpOf } from './shellCommands.js';

const configBlocks = classifiedBlocks().filter((block) => block.test.kind === 'config');
const ofCheck = (check: string) =>
  configBlocks.filter((block) => block.test.kind === 'config' && block.test.check === check);

/** The environment variables the MCP server reads, as its --help and README name them. */
const mcpEnvironment = [
  'INFERENCE_INFRA_API_KEY',
  'INFERENCE_INFRA_BASE_URL',
  'INFERENCE_INFRA_PLATFORM_URL',
];

interface McpServerEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

describe('the configuration blocks of the READMEs', () => {
  it("gives MCP clients JSON that parses, starting the package's command with the variables it reads", () => {
    const blocks = ofCheck('mcp-client-config');
    expect(blocks.length).toBe(2);
    const help = helpOf('@inference-infra/mcp-server');
    for (const block of blocks) {
      const config = JSON.parse(block.value) as Record<string, Record<string, McpServerEntry>>;
      const servers = config.mcpServers ?? config.servers ?? {};
      const entry = servers['inference-infra'];
      expect(entry?.command, `${block.file}:${block.line}`).toBe('npx');
      expect(entry?.args.slice(0, 2)).toEqual(['-y', '@inference-infra/mcp-server']);
      for (const flag of flagsOf(entry?.args.slice(2).join(' ') ?? '')) expect(help).toContain(flag);
      expect(Object.keys(entry?.env ?? {}).sort()).toEqual([...mcpEnvironment].sort());
    }
  });

  it("gives GitHub Actions a step this repository's action.yml takes: a commit, its inputs, the required ones", () => {
    const [block, ...others] = ofCheck('github-action-step');
    expect(others).toEqual([]);
    const action = parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { required?: boolean }>;
      runs: { steps: { run?: string }[] };
    };
    const [step] = parse(block?.value ?? '') as { uses: string; with: Record<string, string> }[];
    // There is no release, so no tag: a commit of the repository (a placeholder the reader fills in) or ./.
    expect(step?.uses).toMatch(/^(<owner>\/<repo>@<commit-sha>|\.\/)$/);
    for (const input of Object.keys(step?.with ?? {})) expect(Object.keys(action.inputs)).toContain(input);
    for (const [input, { required }] of Object.entries(action.inputs)) {
      if (required) expect(Object.keys(step?.with ?? {}), `the required input ${input}`).toContain(input);
    }
    // Commented inputs are inputs too.
    for (const input of (block?.value ?? '').matchAll(/^\s*# ([\w-]+):/gm)) {
      expect(Object.keys(action.inputs)).toContain(input[1]);
    }
    // `version: source` is what the action knows how to run before the first release.
    expect(step?.with.version).toBe('source');
    expect(action.runs.steps[0]?.run).toContain('if [ "$CONTRACT_VERSION" = "source" ]');
    expect(action.runs.steps[0]?.run).toContain('packages/contract-tests/bin/contract-tests.js');
  });

  it('gives GitLab CI a job whose command uses flags the contract suite takes, reporting the file it uploads', () => {
    const [block] = ofCheck('gitlab-job');
    const job = (parse(block?.value ?? '') as Record<string, { script: string[]; artifacts: unknown }>)[
      'contract-tests'
    ];
    const command = job?.script[0] ?? '';
    expect(command).toMatch(/^npx --yes @inference-infra\/contract-tests /);
    const help = helpOf('@inference-infra/contract-tests');
    for (const flag of flagsOf(command.replace('npx --yes ', 'npx '))) expect(help).toContain(flag);
    expect(job?.artifacts).toEqual({ when: 'always', reports: { junit: 'contract.xml' } });
    expect(command).toContain('--output-file contract.xml');
  });
});
