import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserFolder } from '@inference-infra/test-kit/userFolder';
import { inject, it } from 'vitest';
import { classifiedBlocks } from './classifiedBlocks.js';
import { matchesSample } from './outputSample.js';
import {
  importedPackages,
  installCommand,
  namedInProse,
  ourPackagesOf,
  type ReaderStep,
  readerPlans,
} from './readerPlan.js';
import { workspacePackages } from './shellCommands.js';
import { pointedAt, readerTscCommand, readerTypeCheckTools, sourceOf } from './typescriptBlocks.js';

const registryUrl = inject('registryUrl');
const mock = { baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl') };
const packages = workspacePackages();

/** The packages a folder's node_modules holds at its top level: what its files can import. */
function installedIn(dir: string): Set<string> {
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) return new Set();
  return new Set(
    readdirSync(modules).flatMap((entry) =>
      entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`) : [entry],
    ),
  );
}

/** The errors of a tsc run, each named by the README block it is in; a tsc that could not start is one error. */
function typeErrors(message: string, files: Map<string, ReaderStep>, readme: string): string[] {
  const lines = message.split('\n').filter((line) => /: error TS\d+/.test(line));
  if (lines.length === 0) return [message];
  return lines.map((line) => {
    const step = files.get(line.split('(')[0] ?? '');
    return step ? `${readme}:${step.block.line} → ${line}` : line;
  });
}

/**
 * One reader per README, the READMEs side by side (their installs wait on the registry more than on the cores), each
 * reader's steps in order: the install lines, each block run as its text says, then every block type-checked. A step
 * that fails is reported with its README line and the reader goes on, as `expect.soft` lets it.
 */
// A concurrent test asserts with its own context's expect, which knows which test it belongs to.
it.concurrent.for(readerPlans())(
  '$file, followed in a reader folder outside the repository',
  { timeout: 20 * 60_000 },
  async (plan, { expect }) => {
    const slug = plan.file.replace(/\.md$/, '').replaceAll(/[^A-Za-z0-9]+/g, '-');
    const folder = new UserFolder({ name: `readme-${slug}`, registryUrl });
    try {
      // Each install line with npm from the registry: our packages at the versions it holds.
      expect(plan.installLines.length, `${plan.file} shows no install line`).toBeGreaterThan(0);
      // From npm's cache where it holds a package (see UserFolder), ours held to today's build after each line.
      for (const line of plan.installLines) {
        await folder.run(installCommand(line, registryUrl), { timeoutMs: 5 * 60_000 });
        await folder.expectTodaysBuild();
        for (const name of ourPackagesOf(line)) {
          const manifest = JSON.parse(
            readFileSync(join(folder.dir, 'node_modules', name, 'package.json'), 'utf8'),
          );
          expect(manifest.version, `${plan.file}: ${line}: ${name}`).toBe(packages.get(name)?.version);
        }
      }
      /** What the install lines alone bring, before any package a block's text names besides. */
      const installed = installedIn(folder.dir);
      const extras = new Set<string>();
      // What a block imports beyond the install lines is installed only if the text before the block names it.
      const installNamed = async (step: ReaderStep) => {
        const missing = importedPackages(step.block.value).filter((name) => !installed.has(name));
        const unnamed = missing.filter((name) => !namedInProse(step.block, name));
        expect
          .soft(
            unnamed,
            `${plan.file}:${step.block.line} imports what neither its install line brings nor its text names`,
          )
          .toEqual([]);
        const wanted = missing.filter((name) => !extras.has(name) && !unnamed.includes(name));
        if (wanted.length === 0) return;
        await folder.run(installCommand(`npm install ${wanted.join(' ')}`, registryUrl), {
          timeoutMs: 5 * 60_000,
        });
        await folder.expectTodaysBuild();
        for (const name of wanted) extras.add(name);
      };
      const write = (fileName: string, source: string) => {
        mkdirSync(dirname(join(folder.dir, fileName)), { recursive: true });
        writeFileSync(join(folder.dir, fileName), source);
      };

      // Each block that runs on Node, saved under the name its text gives and run with the command it gives: as shown,
      // its driver after it where the catalogue gives one, the local mock's addresses made the simulator's. Each run is
      // a workspace of its own (a key of its own) on the simulator.
      for (const step of plan.steps) {
        const test = step.block.test;
        if (test.kind !== 'typescript' || test.run !== 'node') continue;
        const where = `${plan.file}:${step.block.line} saved as ${step.fileName}, \`${step.command}\` (${step.source})`;
        await installNamed(step);
        write(step.fileName, pointedAt(`${sourceOf(step.block)}${test.driver ?? ''}`, mock));
        const ran = await folder
          .run(step.command, {
            env: {
              INFERENCE_INFRA_API_KEY: `ii_live_readme_${step.block.line}`,
              INFERENCE_INFRA_BASE_URL: mock.baseUrl,
              INFERENCE_INFRA_PLATFORM_URL: mock.platformUrl,
            },
            timeoutMs: 2 * 60_000,
          })
          .catch((error: Error) => error);
        if (ran instanceof Error) {
          expect.soft(ran.message, `${where} exited with an error`).toBe('');
          continue;
        }
        if (test.expectOutput) expect.soft(ran.stdout, where).toMatch(test.expectOutput);
        // A quickstart's sample of its output is the block right after it, which what it printed must hold.
        if (test.printsBlockBelow) {
          const sample = classifiedBlocks().find(
            (other) => other.file === step.block.file && other.line > step.block.line,
          );
          expect.soft(sample?.test, `the block after ${where}`).toEqual({
            kind: 'output',
            check: 'printed-by-the-block-above',
          });
          expect
            .soft(matchesSample(sample?.value ?? '', ran.stdout), `${sample?.file}:${sample?.line}`)
            .toBeUndefined();
        }
      }

      // Every TypeScript block as shown, in one tsc: blocks the README saves under one name (its first example, and
      // those that go on from it) each get that name with their line added, the same kind of file in the same folder.
      const checked = plan.steps.filter((step) => step.block.test.kind === 'typescript');
      if (checked.length === 0) return;
      const jsx = checked.some((step) => step.fileName.endsWith('.tsx'));
      await folder.run(installCommand(`npm install --save-dev ${readerTypeCheckTools(jsx)}`, registryUrl), {
        timeoutMs: 5 * 60_000,
      });
      const files = new Map<string, ReaderStep>();
      for (const step of checked) {
        await installNamed(step);
        const taken = [...files.values()].some((other) => other.fileName === step.fileName);
        const fileName = taken ? step.fileName.replace(/(\.\w+)$/, `.L${step.block.line}$1`) : step.fileName;
        write(fileName, sourceOf(step.block));
        files.set(fileName, step);
      }
      const errors = await folder
        .run(readerTscCommand([...files.keys()], jsx), { timeoutMs: 5 * 60_000 })
        .then(() => [])
        .catch((error: Error) => typeErrors(error.message, files, plan.file));
      expect.soft(errors, `${plan.file}: tsc --strict with no tsconfig.json`).toEqual([]);
    } finally {
      await folder.remove();
    }
  },
);
