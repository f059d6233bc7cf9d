import { writeFile } from 'node:fs/promises';
import { afterAll, describe, inject, it } from 'vitest';
import {
  buildChecks,
  CheckSkipped,
  createCheckContext,
  runCheck,
  selectChecks,
  skipReason,
} from '../checks/index.js';
import { loadContractSpec } from '../model/spec.js';
import { formatCoverage, summarizeCoverage } from '../transport/coverage.js';
import './providedContext.js';

/**
 * The contract suite: every check generated from the bundled spec, one vitest test each, grouped by operation.
 * A check that cannot run against this target is registered as skipped with its reason in its name, so the reason
 * shows in every report (the JUnit one included) and a skip can never read as a pass.
 */
const target = inject('contractTarget');
if (!target)
  throw new Error(
    'the contract suite needs a target: run it with the CLI or a global setup that provides one',
  );
const selection = inject('contractSelection') ?? { only: [], skip: [] };
const coverageFile = inject('contractCoverageFile') ?? '';

const spec = loadContractSpec();
const ctx = createCheckContext(spec, target);
const checks = selectChecks(buildChecks(spec, ctx.validator), selection);

for (const op of spec.operations) {
  const ofOperation = checks.filter((check) => check.operationId === op.operationId);
  if (ofOperation.length === 0) continue;
  const base = op.surface === 'inference' ? '{base_url}' : '{platform_url}';
  describe(`${op.operationId} (${op.method} ${base}${op.path})`, () => {
    for (const check of ofOperation) {
      const reason = skipReason(check, target);
      if (reason) it.skip(`${check.name} [skipped: ${reason}]`, () => {});
      else
        it(check.name, async (test) => {
          // A check that finds at run time it cannot judge this target is a skip with its reason, never a pass.
          await runCheck(check, ctx).catch((error: unknown) => {
            if (error instanceof CheckSkipped) test.skip(error.message);
            else throw error;
          });
        });
    }
  });
}

afterAll(async () => {
  const seen = ctx.coverage.seen();
  if (coverageFile) await writeFile(coverageFile, JSON.stringify({ seen }));
  else console.log(formatCoverage(summarizeCoverage(spec, seen)));
});
