import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildChecks } from '../checks/index.js';
import type { Reporter } from '../engine/events.js';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { loadContractSpec } from '../model/spec.js';
import {
  buildCoverageMap,
  type CoverageMap,
  coverageMapJson,
  coverageMapMarkdown,
} from '../promises/coverageMap.js';

/** The coverage map of the suite (every check, whatever `--only` selected): what it checks, not what this run did. */
export function suiteCoverageMap(specPath?: string): CoverageMap {
  const spec = loadContractSpec(specPath);
  return buildCoverageMap(spec, buildChecks(spec, createSchemaValidator(spec.document)));
}

/**
 * `--report coverage FILE`: the coverage map, as JSON when FILE ends in `.json`, else as Markdown. It holds no answer
 * of the server, so it is written whether the run ends or the pre-flight stops it.
 */
export function coverageMapReporter(outputFile: string, specPath?: string): Reporter {
  const write = () => {
    const map = suiteCoverageMap(specPath);
    mkdirSync(dirname(outputFile), { recursive: true });
    writeFileSync(outputFile, /\.json$/i.test(outputFile) ? coverageMapJson(map) : coverageMapMarkdown(map));
  };
  return { onRunEnd: write, onRunError: write };
}
