import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserFolder } from '@inference-infra/test-kit/userFolder';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  importedPackages,
  installCommand,
  namedInProse,
  ourPackagesOf,
  type ReaderStep,
  readerPlans,
} from './readerPlan.js';
import { workspacePackages } from './shellCommands.js';
import { pointedAt, sourceOf } from './typescriptBlocks.js';

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

/** Type-checking tools a reader adds to type-check a file: TypeScript, Node's types, React's for JSX. */
const typeCheckTools = (jsx: boolean) =>
  ['typescript@5.9.3', '@types/node@^22', ...(jsx ? ['@types/react@^19', '@types/react-dom@^19'] : [])].join(
    ' ',
  );

/** `tsc` on the command line reads no tsconfig.json: the flags are the whole configuration, as a reader has none. */
const tscCommand = (files: string[], jsx: boolean) =>
  `npx tsc --strict --noEmit --module nodenext --moduleResolution nodenext --target es2022${jsx ? ' --jsx react-jsx' : ''} ${files.join(' ')}`;

describe.each(readerPlans())('$file, followed in a reader folder outside the repository', (plan) => {
  const slug = plan.file.replace(/\.md$/, '').replaceAll(/[^A-Za-z0-9]+/g, '-');
  const folder = new UserFolder({ name: `readme-${slug}`, registryUrl });
  afterAll(() => folder.remove(), 5 * 60_000);
  /** What the install lines alone bring, before any package a block's text names besides. */
  let installed = new Set<string>();
  const extras = new Set<string>();

  it(
    'installs each of its install lines with npm from the registry: our packages, at the versions it holds',
    async () => {
      expect(plan.installLines.length, `${plan.file} shows no install line for its blocks`).toBeGreaterThan(
        0,
      );
      for (const line of plan.installLines) {
        await folder.run(installCommand(line, registryUrl), { timeoutMs: 5 * 60_000 });
        for (const name of ourPackagesOf(line)) {
          const manifest = JSON.parse(
            readFileSync(join(folder.dir, 'node_modules', name, 'package.json'), 'utf8'),
          );
          expect(manifest.version, `${line}: ${name}`).toBe(packages.get(name)?.version);
        }
      }
      installed = installedIn(folder.dir);
    },
    10 * 60_000,
  );

  /** Installs what the block imports beyond the install lines, each package only if the text before it names it. */
  async function installNamed(step: ReaderStep) {
    const missing = importedPackages(step.block.value).filter((name) => !installed.has(name));
    const unnamed = missing.filter((name) => !namedInProse(step.block, name));
    expect(
      unnamed,
      `${plan.file}:${step.block.line} imports packages that neither the install line brings nor the text before it names`,
    ).toEqual([]);
    const wanted = missing.filter((name) => !extras.has(name));
    if (wanted.length === 0) return;
    await folder.run(installCommand(`npm install ${wanted.join(' ')}`, registryUrl), {
      timeoutMs: 5 * 60_000,
    });
    for (const name of wanted) extras.add(name);
  }

  const write = (step: ReaderStep, source: string) => {
    const path = join(folder.dir, step.fileName);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, source);
  };

  for (const step of plan.steps) {
    const test = step.block.test;
    if (test.kind !== 'typescript' || test.run !== 'node') continue;
    it(
      `runs the block of line ${step.block.line} saved as ${step.fileName} with \`${step.command}\` (${step.source})`,
      async () => {
        await installNamed(step);
        // The blocks as shown, their driver after them where the catalogue gives one; only the local mock's addresses
        // become the simulator's. Each run is a workspace of its own (a key of its own) on the simulator.
        write(step, pointedAt(`${sourceOf(step.block)}${test.driver ?? ''}`, mock));
        const { stdout } = await folder.run(step.command, {
          env: {
            INFERENCE_INFRA_API_KEY: `ii_live_readme_${step.block.line}`,
            INFERENCE_INFRA_BASE_URL: mock.baseUrl,
            INFERENCE_INFRA_PLATFORM_URL: mock.platformUrl,
          },
          timeoutMs: 2 * 60_000,
        });
        if (test.expectOutput) expect(stdout).toMatch(test.expectOutput);
      },
      10 * 60_000,
    );
  }

  const checked = plan.steps.filter((step) => step.block.test.kind === 'typescript');
  if (checked.length > 0) {
    it(
      `type-checks its ${checked.length} TypeScript blocks, as shown, with tsc --strict and no tsconfig.json`,
      async () => {
        const jsx = checked.some((step) => step.fileName.endsWith('.tsx'));
        await folder.run(installCommand(`npm install --save-dev ${typeCheckTools(jsx)}`, registryUrl), {
          timeoutMs: 5 * 60_000,
        });
        // One tsc over every block: blocks the README saves under one name (its first example, and those that go on
        // from it) each get that name with their line added, the same kind of file (.mts, .ts, .tsx) in the same folder.
        const files = new Map<string, ReaderStep>();
        for (const step of checked) {
          await installNamed(step);
          const taken = [...files.values()].some((other) => other.fileName === step.fileName);
          const fileName = taken
            ? step.fileName.replace(/(\.\w+)$/, `.L${step.block.line}$1`)
            : step.fileName;
          write({ ...step, fileName }, sourceOf(step.block));
          files.set(fileName, step);
        }
        const errors = await folder
          .run(tscCommand([...files.keys()], jsx), { timeoutMs: 5 * 60_000 })
          .then(() => [])
          .catch((error: Error) => {
            const lines = error.message.split('\n').filter((line) => /: error TS\d+/.test(line));
            // A tsc that could not even start (no errors to name) is a failure too, with what it printed.
            if (lines.length === 0) return [error.message];
            return lines.map((line) => {
              const step = files.get(line.split('(')[0] ?? '');
              return step ? `${plan.file}:${step.block.line} → ${line}` : line;
            });
          });
        expect(errors).toEqual([]);
      },
      10 * 60_000,
    );
  }
});
