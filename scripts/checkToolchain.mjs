#!/usr/bin/env node
// The root's `preinstall`: an install with another package manager or an older Node than the repository's toolchain
// ends here with one sentence naming the script that sets it up, instead of a page of engine warnings and a later
// `No such built-in module` from a tool that needs the newer Node. Plain JavaScript, no dependency.
import { readFileSync } from 'node:fs';

const wantedNode = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim();
const wantedPnpm = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).packageManager;
// `npm_config_user_agent` is how package managers name themselves to the scripts they run: "pnpm/11.28.10 npm/? node/...".
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the package manager that runs this preinstall, never by turbo
const agent = process.env.npm_config_user_agent ?? '';
const manager = /^(\S+?)\/(\S+)/.exec(agent);
const usedManager = manager ? `${manager[1]}@${manager[2]}` : 'an unknown package manager';

const older = (have, want) => {
  const [a, b] = [have, want].map((version) => version.replace(/^v/, '').split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
};

const problems = [];
if (usedManager !== wantedPnpm) problems.push(`this is ${usedManager}, not ${wantedPnpm}`);
if (older(process.versions.node, wantedNode))
  problems.push(`Node ${process.versions.node} is older than ${wantedNode}`);
if (problems.length > 0) {
  console.error(
    `This repository installs with ${wantedPnpm} on Node ${wantedNode} or later (${problems.join('; ')}): run \`bash scripts/bootstrap.sh\`, which puts both into .tools/ and installs, then \`source scripts/toolchain-path.sh\` to use them in your shell.`,
  );
  process.exit(1);
}
