import { describe, expect, it } from 'vitest';
import { buildChecks, createCheckContext, selectChecks } from '../checks/index.js';
import { runChecks } from '../engine/runChecks.js';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { loadContractSpec } from '../model/spec.js';
import { behaviourMutants } from './behaviourMutants.js';
import type { BehaviourMutant } from './mutants.js';
import { startSimulatorTarget } from './simulatorTarget.js';

const spec = loadContractSpec();
const seed = Number(process.env.MUTANT_SEED ?? 34);
/** Built once: the validator and the checks depend on the spec alone, and each mutant's run built them anew. */
const validator = createSchemaValidator(spec.document);
const allChecks = buildChecks(spec, validator);

/**
 * Each mutant of issue 46 is killed, and only by the checks it names: the old checks let it through, so the kill is the
 * new property's. The failure is printed as a partner sees it (the generated case, shrunk, its seed, the request).
 */
describe('mutants of issue 46, each killed only by the property of its class', () => {
  it.each(behaviourMutants.map((mutant) => [mutant.name, mutant] as [string, BehaviourMutant]))(
    'kills the mutant that %s',
    async (_, mutant) => {
      // In process, as `mutants.test.ts` runs these mutants too: it proves that path gives the verdicts of HTTP.
      const simulator = await startSimulatorTarget(mutant.wrap, {}, 'in-process');
      try {
        const ctx = createCheckContext(spec, simulator.target, {
          seed,
          validator,
          ...(simulator.fetch ? { fetch: simulator.fetch } : {}),
        });
        const checks = selectChecks(allChecks, { only: mutant.operations, skip: [] });
        const results = await runChecks(checks, ctx);
        const failed = results.filter((r) => r.outcome === 'failed');
        for (const other of failed.slice(1)) console.log(`  also ✗ ${other.check.name}\n  ${other.detail}`);
        const first = failed[0];
        if (first)
          console.log(`[${mutant.class}] ${mutant.name}\n  ✗ ${first.check.name}\n  ${first.detail}`);
        expect(failed.length, `no check failed against the mutant that ${mutant.name}`).toBeGreaterThan(0);
        expect(failed.map((r) => r.check.name).filter((name) => !mutant.killedBy.test(name))).toEqual([]);
      } finally {
        await simulator.close();
      }
    },
    120_000,
  );
});
