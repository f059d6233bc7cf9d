import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installTmpdir } from '@inference-infra/test-kit/installTmpdir';
import { type Lockfile, packumentFrom, staleInstallsOfOurs } from '@inference-infra/test-kit/todaysBuild';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mockCliOf, startInstalledMock } from './installedMock.js';
import { run } from './workspace.js';

/**
 * Prism is an optional peer of the mock: the MCP server and the contract suite, added by name with plain npm into a
 * fresh folder and nothing else, bring none of it. There the simulator serves, and each way of asking for Prism (the
 * mock's `--engine prism`, the contract CLI with no target or with `--via-prism-proxy`) stops at once with exit 2 and
 * a sentence naming the option and the package to install, never a stack. The folder's size is printed: the install
 * the issue measured (before Prism became optional: 74.6 MB and 285 packages for the MCP server alone).
 */
const registry = inject('registryUrl');
const released = inject('releasedVersions');
const dir = mkdtempSync(join(installTmpdir(), 'inference-infra-without-prism-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const prismInstall = 'npm install --save-dev @stoplight/prism-cli@5.14.2';
const contractCli = () => join(dir, 'node_modules/@inference-infra/contract-tests/bin/contract-tests.js');

/** Bytes of every file under `path`, as `du -sb` counts them without the folders themselves. */
function bytesUnder(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) total += bytesUnder(child);
    else if (entry.isFile()) total += statSync(child).size;
  }
  return total;
}

/**
 * The environment of a user's shell: without NODE_PATH, which the workspace's bin shims (vitest's) point at the
 * workspace's hoisted store, where Node would find the Prism this repository installs for its own tests.
 */
const { NODE_PATH: _workspaceStore, ...userEnv } = process.env;

function runNode(args: string[]) {
  const result = spawnSync(process.execPath, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...userEnv, FORCE_COLOR: '0', NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the MCP server and the contract suite installed by name, without Prism', () => {
  it('install no Prism', async () => {
    const ours = ['@inference-infra/mcp-server', '@inference-infra/contract-tests'];
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'without-prism', private: true }));
    run(
      'npm',
      [
        'install',
        ...ours.map((name) => `${name}@${released[name]}`),
        '--registry',
        registry,
        '--no-audit',
        '--no-fund',
        // From npm's cache where it holds a package, as every install folder of the suite does; ours are then held to
        // what the registry serves (a release of an earlier run may be in the cache under the same number).
        '--prefer-offline',
      ],
      dir,
    );
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as Lockfile;
    expect(await staleInstallsOfOurs(lock, (name) => packumentFrom(registry, name))).toEqual([]);
    expect(existsSync(join(dir, 'node_modules/@inference-infra/mock-server/package.json'))).toBe(true);
    expect(existsSync(join(dir, 'node_modules/@stoplight/prism-cli'))).toBe(false);
    const packages = run('npm', ['ls', '--all', '--parseable'], dir).trim().split('\n').length - 1;
    const megabytes = (bytesUnder(join(dir, 'node_modules')) / 1e6).toFixed(1);
    console.log(
      `[without prism] mcp-server and contract-tests by name: ${megabytes} MB, ${packages} packages`,
    );
  }, 300_000);

  it('serve the simulator', async () => {
    const mock = await startInstalledMock(dir);
    try {
      const answer = await fetch(`${mock.platformUrl}/api/v1/instances/types?gpu_type=H100`, {
        headers: { authorization: 'Bearer ii_live_without_prism' },
      });
      expect(answer.status).toBe(200);
      expect(mock.banner).toContain('the simulator, seed 1');
    } finally {
      await mock.stop();
    }
  });

  /** What each way of asking for Prism must print: the option, the package, the install line; no stack. */
  function expectPrismRefusal(result: ReturnType<typeof runNode>, askedFor: string) {
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toContain(`${askedFor} needs Prism (@stoplight/prism-cli)`);
    expect(result.stderr).toContain(prismInstall);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }

  it('refuse the mock with --engine prism, exit 2', () => {
    expectPrismRefusal(
      runNode([mockCliOf(dir), '--engine', 'prism', '--port', '0', '--platform-port', '0']),
      '--engine prism',
    );
  });

  it('refuse the contract CLI with no target, exit 2', () => {
    expectPrismRefusal(runNode([contractCli(), '--only', 'listInstanceTypes']), 'a run with no target');
  });

  it('refuse the contract CLI with --via-prism-proxy in front of a live target, exit 2', async () => {
    // A live target the pre-flight accepts (the installed simulator): the proxy is what is asked for.
    const mock = await startInstalledMock(dir);
    try {
      const args = [
        '--base-url',
        mock.baseUrl,
        '--platform-url',
        mock.platformUrl,
        '--api-key',
        'ii_live_mock',
      ];
      expectPrismRefusal(
        runNode([contractCli(), ...args, '--only', 'listInstanceTypes', '--via-prism-proxy']),
        '--via-prism-proxy',
      );
    } finally {
      await mock.stop();
    }
  });
});
