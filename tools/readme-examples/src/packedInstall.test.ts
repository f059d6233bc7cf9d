import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { UserFolder } from '@inference-infra/test-kit/userFolder';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { classifiedBlocks } from './classifiedBlocks.js';
import { installCommand } from './readerPlan.js';
import { repoRoot } from './readmeBlocks.js';
import { commandsOf, ruleOf, workspacePackages } from './shellCommands.js';

const run = promisify(execFile);
const registryUrl = inject('registryUrl');
const packages = workspacePackages();
/** Where the packs go instead of the README's destination: a folder of this run's own, removed at its end. */
const destination = mkdtempSync(join(tmpdir(), 'inference-infra-readme-packs-'));
const folders: UserFolder[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => folder.remove()));
  rmSync(destination, { recursive: true, force: true });
}, 5 * 60_000);

/** Each shell block with a pack command, its pack and the install of its tarballs, as the README shows them. */
const packBlocks = classifiedBlocks()
  .filter((block) => block.test.kind === 'shell')
  .map((block) => {
    const commands = commandsOf(block.value);
    return {
      block,
      pack: commands.find((command) => ruleOf(command)?.name === 'pack'),
      install: commands.find((command) => ruleOf(command)?.name === 'install the packed tarballs'),
    };
  })
  .filter((entry) => entry.pack !== undefined);

describe.each(packBlocks)('the pack and install of $block.file', ({ block, pack, install }) => {
  it(
    "packs at the repository's root and installs the tarballs with npm in a reader's folder, at today's versions",
    async () => {
      expect(install, `${block.file}:${block.line} packs, then installs the tarballs`).toBeDefined();
      const readmeDestination = pack?.split(' ').at(-1) ?? '';
      const toolchainPnpm = join(repoRoot, '.tools/node_modules/.bin/pnpm');
      // The README's own command, from the root as it says, into this run's folder.
      const args = (pack ?? '').replace(readmeDestination, destination).split(' ').slice(1);
      await run(toolchainPnpm, args, { cwd: repoRoot, timeout: 5 * 60_000 });
      const folder = new UserFolder({ name: 'readme-packed', registryUrl });
      folders.push(folder);
      const line = (install ?? '').replaceAll(readmeDestination, destination);
      await folder.run(installCommand(line, registryUrl), { timeoutMs: 5 * 60_000 });
      for (const name of [...(pack ?? '').matchAll(/--filter (\S+)/g)].map((match) => match[1] ?? '')) {
        const manifest = JSON.parse(
          readFileSync(join(folder.dir, 'node_modules', name, 'package.json'), 'utf8'),
        );
        expect(manifest.version, name).toBe(packages.get(name)?.version);
      }
    },
    10 * 60_000,
  );
});
