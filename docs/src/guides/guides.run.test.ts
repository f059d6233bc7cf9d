import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strictTsconfig } from '@inference-infra/test-kit/strictTsconfig';
import { describe, expect, inject, it } from 'vitest';
import { runNodeSample } from '../test/runSample.js';
import { guideBlocks, installedPackages, npxTarget, shellCommands, shellWords } from './guideBlocks.js';
import { readGuides } from './guides.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const docsDir = fileURLToPath(new URL('../../', import.meta.url));
const repoDir = join(docsDir, '..');
const spec = require('@inference-infra/spec/openapi.json');
const guides = readGuides();
const blocks = guideBlocks(guides);
const mockBaseUrl = inject('mockBaseUrl');
const mockPlatformUrl = inject('mockPlatformUrl');

let runs = 0;
/** A key of its own for each run: a workspace of its own in the simulator, so one guide's resize never meets another's. */
const freshKey = () => `ii_live_docs_guide_${++runs}`;
/** What `export` line of the install guide sets, here pointing at the test's simulator. */
const addresses = { INFERENCE_INFRA_BASE_URL: mockBaseUrl, INFERENCE_INFRA_PLATFORM_URL: mockPlatformUrl };

/** The packages of this repository a user can install (the private ones are not published), with their commands. */
const ourPackages = new Map(
  ['contract-tests', 'fetch-client', 'mcp-server', 'mock-server', 'query-core', 'react-hooks', 'types'].map(
    (dir) => {
      const manifest = JSON.parse(readFileSync(join(repoDir, 'packages', dir, 'package.json'), 'utf8'));
      return [manifest.name as string, Object.keys(manifest.bin ?? {})];
    },
  ),
);
const docsManifest = JSON.parse(readFileSync(join(docsDir, 'package.json'), 'utf8'));
/** Every package a guide may name: ours, and the others the docs install (and so check the samples with). */
const knownPackage = (name: string) => ourPackages.has(name) || name in docsManifest.devDependencies;

function expectNpxNamesItsPackage(words: string[], where: string) {
  const { packageName, command } = npxTarget(words);
  expect(knownPackage(packageName), `${where}: npx runs ${packageName}, a package the guides know`).toBe(
    true,
  );
  const bins = ourPackages.get(packageName);
  if (bins) expect(bins, `${where}: ${packageName} has the command ${command}`).toContain(command);
}

/** Starts an MCP server command as an agent's client does (stdio), lists its tools, and stops it. */
async function mcpToolNames(command: string, args: string[]): Promise<string[]> {
  const child = spawn(process.execPath, [command, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    const lines: string[] = [];
    let buffered = '';
    const listed = new Promise<string[]>((resolve, reject) => {
      const deadline = setTimeout(
        () => reject(new Error('the MCP server listed no tools within 30 s')),
        30_000,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const parts = buffered.split('\n');
        buffered = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          const message = JSON.parse(line);
          if (message.id === 2) {
            clearTimeout(deadline);
            resolve(message.result.tools.map((tool: { name: string }) => tool.name));
          }
        }
      });
      child.on('exit', (code) =>
        reject(new Error(`the MCP server exited (${code}) after ${lines.length} lines`)),
      );
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'docs-guide', version: '1' },
      },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    return await listed;
  } finally {
    child.kill();
  }
}

describe('the guides (docs/guides/*.md)', () => {
  it('cover what a user looks for first, each with code', () => {
    expect(guides.map((guide) => guide.title)).toEqual([
      'Install',
      'Authentication',
      'Errors',
      'Streaming',
      'Pagination',
      'Retries and rate limits',
      'Agents (MCP)',
      'Testing your app',
    ]);
    for (const guide of guides)
      expect(
        blocks.some((block) => block.guide === guide),
        guide.slug,
      ).toBe(true);
    // Only the languages the tests below know how to check: a new kind of block needs a check first.
    expect(new Set(blocks.map((block) => block.lang))).toEqual(new Set(['sh', 'ts', 'tsx', 'json', 'text']));
  });

  it('install each package with npm, pnpm and yarn', () => {
    const install = blocks.filter((block) => block.guide.slug === 'install' && block.lang === 'sh');
    const lines = install.flatMap((block) => shellCommands(block.source));
    for (const tool of ['npm install', 'pnpm add', 'yarn add']) {
      expect(
        lines.some((line) => line.startsWith(tool)),
        tool,
      ).toBe(true);
    }
    const named = new Set(lines.flatMap((line) => installedPackages(shellWords(line)) ?? []));
    for (const name of ourPackages.keys()) {
      if (name !== '@inference-infra/types' && name !== '@inference-infra/mcp-server') {
        expect(named, `the install guide installs ${name}`).toContain(name);
      }
    }
  });

  it('name the error class of each status the spec answers, as errors.ts exports them', async () => {
    const errors = guides.find((guide) => guide.slug === 'errors')?.markdown ?? '';
    const exported = Object.keys(await import('@inference-infra/fetch-client')).filter((name) =>
      /^[A-Z]\w*Error$/.test(name),
    );
    for (const name of exported) expect(errors, name).toContain(`\`${name}\``);
    const statuses = new Set<string>();
    for (const item of Object.values<Record<string, { responses: Record<string, unknown> }>>(spec.paths)) {
      for (const operation of Object.values(item)) {
        for (const status of Object.keys(operation.responses ?? {}))
          if (/^[45]/.test(status)) statuses.add(status);
      }
    }
    for (const status of statuses) {
      expect(errors, status).toMatch(new RegExp(`^\\| ${status.startsWith('5') ? '5xx' : status} \\|`, 'm'));
    }
  });

  describe('shell blocks: each curl sent to the simulator, each install and npx naming a package it has', () => {
    it.each(blocks.filter((block) => block.lang === 'sh'))('$name', async ({ source, name }) => {
      for (const command of shellCommands(source)) {
        const words = shellWords(command);
        if (words[0] === 'curl') {
          const { stdout } = await run('/bin/sh', ['-c', `${command} --fail-with-body`], {
            timeout: 30_000,
            env: { PATH: '/usr/bin', INFERENCE_INFRA_API_KEY: freshKey(), ...addresses },
          });
          expect(JSON.parse(stdout), name).toHaveProperty('data');
        } else if (words[0] === 'export') {
          const variables = Object.fromEntries(words.slice(1).map((word) => word.split('=')));
          expect(Object.keys(variables).sort()).toEqual(
            ['INFERENCE_INFRA_API_KEY', 'INFERENCE_INFRA_BASE_URL', 'INFERENCE_INFRA_PLATFORM_URL'].sort(),
          );
          // The local defaults: the addresses the spec names for the mock that `scripts/start.sh` serves.
          expect(
            spec.servers.map(
              (server: { variables: Record<string, { default: string }> }) =>
                Object.values(server.variables)[0]?.default,
            ),
          ).toEqual(
            expect.arrayContaining([
              variables.INFERENCE_INFRA_BASE_URL,
              variables.INFERENCE_INFRA_PLATFORM_URL,
            ]),
          );
        } else if (installedPackages(words)) {
          for (const packageName of installedPackages(words) ?? []) {
            expect(knownPackage(packageName), `${name}: installs ${packageName}`).toBe(true);
          }
        } else if (words.includes('npx')) {
          const npx = words.slice(words.indexOf('npx'));
          expectNpxNamesItsPackage(npx, name);
          const { packageName, command: bin, args } = npxTarget(npx);
          // The simulator's MCP server speaks over stdio and listens nowhere: it is run, as an agent's client runs it.
          if (
            packageName === '@inference-infra/mcp-server' &&
            args.includes('--simulator') &&
            !args.includes('--http')
          ) {
            const binFile = join(docsDir, 'node_modules', packageName, 'bin', `${bin}.js`);
            expect(await mcpToolNames(binFile, args)).toContain('list_instance_types');
          }
        } else {
          throw new Error(`${name}: no check knows the command "${command}"`);
        }
      }
    });
  });

  it.each(blocks.filter((block) => block.lang === 'json'))(
    '$name is JSON, its npx commands naming their package',
    ({ source, name }) => {
      const visit = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        const object = node as Record<string, unknown>;
        if (object.command === 'npx') expectNpxNamesItsPackage(['npx', ...(object.args as string[])], name);
        for (const value of Object.values(object)) visit(value);
      };
      visit(JSON.parse(source));
    },
  );

  // One at a time, as tests of a file run: each starts a process, and the machine has two cores.
  describe('TypeScript blocks, run against the simulator with tsx as written (the client reads the addresses from the environment)', () => {
    it.each(blocks.filter((block) => block.lang === 'ts'))('$name', async ({ source, guide, name }) => {
      const fileName = `guide-${guide.slug}-${blocks.filter((b) => b.guide === guide).findIndex((b) => b.source === source) + 1}.ts`;
      const output = await runNodeSample(source, fileName, freshKey(), addresses);
      expect(output.trim().length, name).toBeGreaterThan(0);
    });
  });

  it('type-checks every TypeScript and TSX block, as shown, with tsc --strict', async () => {
    const checkDir = join(docsDir, 'test-artifacts/guides-typecheck');
    await rm(checkDir, { recursive: true, force: true });
    await mkdir(checkDir, { recursive: true });
    const typed = blocks.filter((block) => block.lang === 'ts' || block.lang === 'tsx');
    for (const [index, block] of typed.entries()) {
      await writeFile(join(checkDir, `${block.guide.slug}-${index}.${block.lang}`), block.source);
    }
    const tsconfig = strictTsconfig({ jsx: 'react-jsx', skipLibCheck: true }, ['*.ts', '*.tsx']);
    await writeFile(join(checkDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const check = await run(process.execPath, [
      require.resolve('@inference-infra/typecheck/tsc-native'),
      '-p',
      checkDir,
    ]).catch((error: { stdout: string }) => error);
    expect(check.stdout).toBe('');
    // tsc over the blocks and the packages' types they import: ~17 s on a quiet 2-core machine, past the suite's
    // 60 s with both cores loaded, so this test's deadline is set from it, as samplesTypecheck.test.ts's is.
  }, 120_000);
});
