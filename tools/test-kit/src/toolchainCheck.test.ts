import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The root's `preinstall`, run as a package manager runs it: `npm_config_user_agent` names the manager.
const script = fileURLToPath(new URL('../../../scripts/checkToolchain.mjs', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const wantedNode = readFileSync(`${root}.node-version`, 'utf8').trim();
const wantedPnpm = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).packageManager as string;
// The release check's Node 20 (bash release-check/scripts/install-runtimes.sh, which scripts/test.sh runs first).
const node20 = `${root}.tools/runtimes/node20/node_modules/.bin/node`;

/** Each run of the check ends or is killed within this; a test's own deadline is this times the runs it makes. */
const runDeadlineMs = 20_000;

function check(agent: string, node = process.execPath) {
  const run = spawnSync(node, [script], {
    encoding: 'utf8',
    timeout: runDeadlineMs,
    env: { ...process.env, npm_config_user_agent: agent },
  });
  return { code: run.status, stderr: run.stderr.trim() };
}

const sentence = (problems: string) =>
  `This repository installs with ${wantedPnpm} on Node ${wantedNode} or later (${problems}): run \`bash scripts/bootstrap.sh\`, which puts both into .tools/ and installs, then \`source scripts/toolchain-path.sh\` to use them in your shell.`;

// A loaded machine can take seconds to start Node: vitest's 5 s default would fail a correct check.
describe('scripts/checkToolchain.mjs (the root preinstall)', { timeout: 5 * runDeadlineMs }, () => {
  it("lets the toolchain's pnpm on the toolchain's Node install, saying nothing", () => {
    const [name, version] = wantedPnpm.split('@');
    expect(check(`${name}/${version} npm/? node/v${process.versions.node} linux x64`)).toEqual({
      code: 0,
      stderr: '',
    });
  });

  it('stops npm, yarn, or another pnpm with one sentence naming scripts/bootstrap.sh', () => {
    expect(check('npm/11.19.1 node/v24.21.0 linux x64')).toEqual({
      code: 1,
      stderr: sentence(`this is npm@11.19.1, not ${wantedPnpm}`),
    });
    expect(check('yarn/1.22.22 npm/? node/v24.21.0 linux x64').stderr).toBe(
      sentence(`this is yarn@1.22.22, not ${wantedPnpm}`),
    );
    expect(check('pnpm/10.0.0 npm/? node/v24.21.0 linux x64').stderr).toBe(
      sentence(`this is pnpm@10.0.0, not ${wantedPnpm}`),
    );
    expect(check('').stderr).toBe(sentence(`this is an unknown package manager, not ${wantedPnpm}`));
  });

  it('stops the right pnpm on an older Node, naming both versions', () => {
    if (!existsSync(node20))
      throw new Error(`${node20} is missing: run bash release-check/scripts/install-runtimes.sh first`);
    const version = spawnSync(node20, ['-p', 'process.versions.node'], {
      encoding: 'utf8',
      timeout: runDeadlineMs,
    }).stdout.trim();
    const [name, pnpmVersion] = wantedPnpm.split('@');
    expect(check(`${name}/${pnpmVersion} npm/? node/v${version} linux x64`, node20)).toEqual({
      code: 1,
      stderr: sentence(`Node ${version} is older than ${wantedNode}`),
    });
  });
});
