import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildChecks, createSchemaValidator, loadContractSpec } from '@inference-infra/contract-tests';
import { expect, it } from 'vitest';
import { classifiedBlocks } from './classifiedBlocks.js';
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
