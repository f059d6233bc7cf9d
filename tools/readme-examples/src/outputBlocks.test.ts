import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildChecks, createSchemaValidator, loadContractSpec } from '@inference-infra/contract-tests';
import { startMockServer } from '@inference-infra/mock-server';
import { expect, it } from 'vitest';
import { classifiedBlocks } from './classifiedBlocks.js';
import { matchesSample } from './outputSample.js';
import { repoRoot } from './readmeBlocks.js';

it("prints the coverage map's summary line the contract-tests README shows, with today's figures", async () => {
  const [block, ...others] = classifiedBlocks().filter(
    (candidate) => candidate.test.kind === 'output' && candidate.test.check === 'coverage-map-summary',
  );
  expect(others).toEqual([]);
  // The map's builder and its summary line are not exported by the package (they are the command's), so they are
  // read from its build, as \`--report coverage\` runs them: every check, whatever a run selects.
  const coverageMap = await import(
    pathToFileURL(join(repoRoot, 'packages/contract-tests/dist/promises/coverageMap.js')).href
  );
  const spec = loadContractSpec();
  const map = coverageMap.buildCoverageMap(spec, buildChecks(spec, createSchemaValidator(spec.document)));
  expect(block?.value).toBe(coverageMap.formatCoverageMapSummary(map));
});

it('reads samples as they are meant: ... for lines left out, a trailing ... for the rest of a line', () => {
  expect(matchesSample('a\n...\nc...', 'a\nb\ncd')).toBeUndefined();
  expect(matchesSample('a\nc', 'a\nb\nc')).toMatch(/no line "c"/);
});

it('prints what the contract-tests README shows for a server that answers the instance types without a key', async () => {
  const [block] = classifiedBlocks().filter(
    (candidate) => candidate.test.kind === 'output' && candidate.test.check === 'contract-suite-console',
  );
  // The server of the sample: the simulator, one key valid, which answers the instance types to no key at all.
  const server = await startMockServer({
    keys: ['ii_live_sample'],
    intercept: (next) => (request) => {
      if (request.operationId === 'listInstanceTypes')
        request.headers.authorization ??= 'Bearer ii_live_sample';
      return next(request);
    },
  });
  try {
    const cli = join(repoRoot, 'packages/contract-tests/bin/contract-tests.js');
    const args = ['--base-url', server.baseUrl, '--platform-url', server.platformUrl, '--seed', '2718281828'];
    const run = await promisify(execFile)(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH, INFERENCE_INFRA_API_KEY: 'ii_live_sample', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      () => ({ stdout: '', code: 0 }),
      (error: { stdout: string; code: number }) => error,
    );
    expect(run.code).toBe(1);
    // The sample's addresses are a deployment's; the run's are the simulator's.
    const output = run.stdout
      .replaceAll(server.baseUrl.replace(/\/$/, ''), 'https://api.example.com/v1')
      .replaceAll(server.platformUrl.replace(/\/$/, ''), 'https://platform.example.com');
    expect(matchesSample(block?.value ?? '', output)).toBeUndefined();
  } finally {
    await server.close();
  }
});

it('runs the contract suite with no target, as its quickstart does, and prints what the README shows', async () => {
  const [block, ...others] = classifiedBlocks().filter(
    (candidate) => candidate.test.kind === 'output' && candidate.test.check === 'contract-suite-bundled-mock',
  );
  expect(others).toEqual([]);
  const cli = join(repoRoot, 'packages/contract-tests/bin/contract-tests.js');
  // A reader's shell: no INFERENCE_INFRA_* variable, so no target, and the suite starts its bundled mock.
  const { stdout } = await promisify(execFile)(process.execPath, [cli], {
    env: { PATH: process.env.PATH, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(matchesSample(block?.value ?? '', stdout)).toBeUndefined();
}, 180_000);

it('puts each sample of what a TypeScript block prints right after that block, which runBlocks.test.ts holds to it', () => {
  const blocks = classifiedBlocks();
  const samples = blocks.filter(
    (candidate) => candidate.test.kind === 'output' && candidate.test.check === 'printed-by-the-block-above',
  );
  expect(samples.length).toBeGreaterThan(0);
  for (const sample of samples) {
    const above = blocks.filter((other) => other.file === sample.file && other.line < sample.line).at(-1);
    const printing =
      above?.test.kind === 'typescript' && above.test.run === 'node' && above.test.printsBlockBelow;
    expect(printing, `${sample.file}:${sample.line} follows a block whose entry says printsBlockBelow`).toBe(
      true,
    );
  }
});
