import { execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startMockServer } from '@inference-infra/mock-server';
import { describe, expect, inject, it } from 'vitest';
import { classifiedBlocks } from './classifiedBlocks.js';
import { readerPlans } from './readerPlan.js';
import { paragraphAfter, repoRoot } from './readmeBlocks.js';
import {
  commandsOf,
  flagsOf,
  helpOf,
  localRegistry,
  registryNote,
  ruleOf,
  workspacePackages,
} from './shellCommands.js';
import { pointedAt } from './typescriptBlocks.js';

const run = promisify(execFile);
const mock = { baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl') };
const packages = workspacePackages();
const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

const shellBlocks = classifiedBlocks().filter((block) => block.test.kind === 'shell');
const commands = shellBlocks.flatMap((block) =>
  commandsOf(block.value).map((command) => ({ block, command, rule: ruleOf(command) })),
);
const named = (rule: string) => commands.filter((entry) => entry.rule?.name === rule);
const where = ({ block, command }: { block: { file: string; line: number }; command: string }) =>
  `${block.file}:${block.line}: ${command}`;

/** `bash -n`: the script a command names exists and parses, though the test does not run it. */
function expectScript(path: string) {
  expect(existsSync(join(repoRoot, path)), `${path} exists`).toBe(true);
  execFileSync('bash', ['-n', join(repoRoot, path)]);
}

describe('the shell blocks of the READMEs', () => {
  it('hold only commands that a rule of src/shellCommands.ts runs, checks or lists with its reason', () => {
    const unknown = commands.filter(({ rule }) => rule === undefined).map(where);
    expect(unknown).toEqual([]);
    expect(commands.length).toBeGreaterThan(40);
  });

  it('runs the curl commands against the simulator and gets what they ask for', async () => {
    const curls = named('curl against the local mock');
    expect(curls.length).toBeGreaterThan(0);
    for (const { command } of curls) {
      // The reader's shell, with only /usr/bin on PATH: the curl is the system's.
      const { stdout } = await run('/bin/sh', ['-c', pointedAt(command, mock)], {
        env: { PATH: '/usr/bin' },
      });
      const answer = JSON.parse(stdout) as { data: { gpu_type: string; region: string }[] };
      expect(answer.data.length).toBeGreaterThan(0);
      expect(answer.data.every((type) => type.gpu_type === 'H100' && type.region === 'us-east-1')).toBe(true);
    }
  });

  it("runs the contract suite's first commands against a mock that takes only the demo key, as start.sh's, to exit 0", async () => {
    const firstRuns = named('the contract suite against the local mock');
    expect(firstRuns.length).toBe(2);
    const cli = join(repoRoot, 'packages/contract-tests/bin/contract-tests.js');
    for (const entry of firstRuns) {
      // A fresh mock per command, as a fresh scripts/start.sh: the mutating run grows its volume.
      const local = await startMockServer({ keys: ['ii_live_mock'], streamEventIntervalMs: 0 });
      try {
        const args = pointedAt(entry.command, local).split(' ').slice(2);
        const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        const [code] = await once(child, 'exit');
        expect(code, `${where(entry)}\n${output.slice(-3000)}`).toBe(0);
        expect(output).toMatch(/ \d+ passed, 0 failed/);
        expect(output).toMatch(/PASS: every executed check held \(exit 0\)/);
      } finally {
        await local.close();
      }
    }
  }, 300_000);

  it("puts the toolchain's Node and pnpm first on PATH when scripts/toolchain-path.sh is sourced", async () => {
    expect(named('the toolchain on PATH').length).toBeGreaterThan(0);
    const { stdout } = await run(
      'bash',
      ['-c', 'source scripts/toolchain-path.sh && node --version && pnpm --version'],
      { cwd: repoRoot, env: { PATH: process.env.PATH, HOME: process.env.HOME } },
    );
    const nodeVersion = readFileSync(join(repoRoot, '.node-version'), 'utf8').trim();
    const [node, pnpm] = stdout.trim().split('\n');
    // bootstrap.sh installs .node-version's Node only when the machine's is older; a newer one is kept.
    const [major = 0, minor = 0] = (node ?? '').replace(/^v/, '').split('.').map(Number);
    const [wantedMajor = 0, wantedMinor = 0] = nodeVersion.split('.').map(Number);
    expect(
      major > wantedMajor || (major === wantedMajor && minor >= wantedMinor),
      `${node} for ${nodeVersion}`,
    ).toBe(true);
    expect(pnpm).toBe(rootManifest.packageManager.split('@')[1]);
  });

  it('names scripts that exist and parse, where the command is not run', () => {
    for (const rule of ['start', 'test', 'bootstrap', 'release', 'runtimes']) {
      for (const entry of named(rule)) expectScript(entry.command.replace(/^bash /, '').split(' ')[0] ?? '');
    }
    // start.sh's options are start.mjs's: each flag a README gives it is one its usage lists.
    const startUsage = readFileSync(join(repoRoot, 'scripts/start.mjs'), 'utf8');
    for (const entry of named('start')) {
      for (const flag of flagsOf(entry.command)) expect(startUsage, where(entry)).toContain(`  ${flag} `);
    }
  });

  it("names workspaces that exist, with the scripts the commands run, and the root's scripts", () => {
    for (const entry of named("a workspace's task")) {
      const [, , name, script] = entry.command.match(/^(FUZZ_SEED=\d+ )?pnpm --filter (\S+) ([\w:]+)$/) ?? [];
      expect(packages.get(name ?? '')?.scripts[script ?? ''], where(entry)).toBeDefined();
    }
    for (const entry of named('a turbo build')) {
      const name = entry.command.match(/--filter=(\S+?)(\.\.\.)?$/)?.[1] ?? '';
      expect(packages.get(name)?.scripts.build, where(entry)).toBeDefined();
    }
    for (const entry of named('bench:compare')) {
      expect(rootManifest.scripts['bench:compare'], where(entry)).toBeDefined();
    }
    for (const entry of named('test:quick')) {
      expect(rootManifest.scripts['test:quick'], where(entry)).toBeDefined();
    }
  });

  it('says after each install from npm, in the same words everywhere, how to install from the local registry', () => {
    const installs = named('install from npm');
    expect(installs.length).toBeGreaterThanOrEqual(6);
    for (const entry of installs) {
      expect(paragraphAfter(entry.block), `${where(entry)}: the paragraph after its block`).toContain(
        registryNote,
      );
    }
    // The note's address is the one the rule of the registry installs checks, and start.sh serves by default.
    expect(registryNote).toContain(`--registry ${localRegistry}`);
    const startScript = readFileSync(join(repoRoot, 'scripts/start.mjs'), 'utf8');
    expect(startScript).toContain(`fallback: ${new URL(localRegistry).port}`);
  });

  it("runs every install line of a README in a reader's folder, before that README's blocks (src/readerBlocks.test.ts)", () => {
    const installs = [...named('install from npm'), ...named('install by name from the local registry')];
    expect(installs.length).toBeGreaterThanOrEqual(5);
    const plans = readerPlans();
    for (const entry of installs) {
      const plan = plans.find((candidate) => candidate.file === entry.block.file);
      expect(plan?.installLines, where(entry)).toContain(entry.command);
    }
  });

  it("gives an example's commands only in an example's README, naming scripts its package.json has", () => {
    const rules = ["an example's install", "an example's npm script", "a request to an example's server"];
    const entries = rules.flatMap((rule) => named(rule));
    expect(entries.length).toBeGreaterThanOrEqual(8 * 2);
    for (const entry of entries) {
      const folder = entry.block.file.match(/^examples\/([\w-]+)\/README\.md$/)?.[1];
      expect(folder, `${where(entry)}: an example's command outside an example's README`).toBeDefined();
      const manifest = JSON.parse(
        readFileSync(join(repoRoot, 'examples', folder ?? '', 'package.json'), 'utf8'),
      );
      const script = entry.command.match(/npm (?:run )?([\w:-]+)$/)?.[1];
      if (entry.rule?.name === "an example's npm script") {
        expect(manifest.scripts?.[script ?? ''], where(entry)).toBeDefined();
      }
      // A request to the example's own server: the example has one to start.
      if (entry.rule?.name === "a request to an example's server")
        expect(manifest.scripts?.start).toBeDefined();
    }
  });

  it('makes a new project of ES modules, as the React quickstart asks, when run in an empty folder', async () => {
    const entries = named('a new project of ES modules');
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const folder = mkdtempSync(join(tmpdir(), 'readme-new-project-'));
      try {
        // The npm_config_* variables of the pnpm running this test would reach npm; a reader's shell has none.
        const env = Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
        );
        await run('/bin/sh', ['-c', entry.command], { cwd: folder, env });
        const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
        expect(manifest.type, where(entry)).toBe('module');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }
  });

  it('installs by name from the local registry only packages that registry holds: the public workspace packages', () => {
    const installs = named('install by name from the local registry');
    expect(installs.length).toBeGreaterThan(0);
    for (const entry of installs) {
      const names = entry.command.split(' ').filter((word) => word.startsWith('@inference-infra/'));
      for (const name of names) expect(packages.get(name)?.private, `${where(entry)}: ${name}`).toBe(false);
      expect(entry.command.split(' ').slice(-2), where(entry)).toEqual(['--registry', localRegistry]);
    }
  });

  it("uses only flags the contract suite's and the MCP server's built commands list in --help", () => {
    const contractHelp = helpOf('@inference-infra/contract-tests');
    for (const entry of named('the contract suite')) {
      for (const flag of flagsOf(entry.command))
        expect(contractHelp, `${where(entry)}: ${flag}`).toContain(flag);
    }
    const mcpHelp = helpOf('@inference-infra/mcp-server');
    for (const rule of [
      'the MCP server',
      'the MCP server on stdio with the simulator',
      'Claude Code',
      'the MCP Inspector',
    ]) {
      for (const entry of named(rule)) {
        const mcpPart = entry.command.slice(entry.command.indexOf('@inference-infra/mcp-server'));
        const flags = flagsOf(mcpPart).filter(
          (flag) => !['--method', '--tool-name', '--tool-arg'].includes(flag),
        );
        for (const flag of flags) expect(mcpHelp, `${where(entry)}: ${flag}`).toContain(flag);
      }
    }
  });

  it('starts the MCP server on stdio with the simulator, as npx runs its one command, and it ends when stdin does', async () => {
    const entries = named('the MCP server on stdio with the simulator');
    expect(entries.length).toBe(1);
    const pkg = packages.get('@inference-infra/mcp-server');
    const bins = Object.values(pkg?.bin ?? {});
    // npx runs a package's command when it has exactly one.
    expect(bins.length).toBe(1);
    const child = spawn(process.execPath, [join(repoRoot, pkg?.dir ?? '', bins[0] ?? ''), '--simulator'], {
      env: { PATH: process.env.PATH },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end();
    const [code] = await once(child, 'close');
    expect(code).toBe(0);
    expect(stderr).toMatch(/stdio \(2 of 6 tools listed, the in-process simulator\)/);
  });

  it("names the playground's server script with flags it takes", () => {
    for (const entry of named('the playground server')) {
      const script = readFileSync(join(repoRoot, 'examples/playground/scripts/servePlayground.js'), 'utf8');
      for (const flag of flagsOf(entry.command)) {
        expect(script, `${where(entry)}: ${flag}`).toContain(`'${flag.slice(2)}'`);
      }
    }
  });

  it('names release-check test files that exist, with the cells they run', () => {
    expect(existsSync(join(repoRoot, 'release-check/vitest.config.ts'))).toBe(true);
    for (const entry of named('one release-check cell')) {
      const [, file, cell] = entry.command.match(/run (\S+) -t '([^']+)'$/) ?? [];
      expect(existsSync(join(repoRoot, 'release-check', file ?? '')), where(entry)).toBe(true);
      const runtimes = readFileSync(join(repoRoot, 'release-check/runtimes.json'), 'utf8');
      expect(runtimes, where(entry)).toContain(`"${cell?.replace(/^on /, '')}"`);
    }
  });
});
