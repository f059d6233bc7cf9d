import { afterAll, describe, expect, it } from 'vitest';
import { buildChecks, createCheckContext } from '../checks/index.js';
import { type CheckResult, runChecks } from '../runChecks.js';
import { loadContractSpec } from '../spec.js';
import { type Mutant, mutants } from './mutants.js';
import { startSimulatorTarget } from './simulatorTarget.js';

const spec = loadContractSpec();

/** Every check of the suite, in order, against a fresh simulator (wrapped by a mutant when given). */
async function runSuiteAgainst(mutant?: Mutant): Promise<CheckResult[]> {
  const simulator = await startSimulatorTarget(mutant?.wrap);
  try {
    const ctx = createCheckContext(spec, simulator.target);
    return await runChecks(buildChecks(spec, ctx.validator), ctx);
  } finally {
    await simulator.close();
  }
}

const failures = (results: CheckResult[]) =>
  results
    .filter((r) => r.outcome === 'failed')
    .map((r) => `${r.check.operationId} › ${r.check.name}: ${r.detail}`);

describe('the simulator', () => {
  it('passes every check of the suite, none skipped', async () => {
    const results = await runSuiteAgainst();
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.outcome === 'skipped')).toEqual([]);
    expect(results.length).toBeGreaterThan(100);
  });
});

describe('mutants of the simulator, each breaking one promise', () => {
  const killed: string[] = [];
  const survived: string[] = [];

  it.each(mutants.map((mutant) => [mutant.name, mutant] as [string, Mutant]))(
    'fails the suite when it %s',
    async (_, mutant) => {
      const failed = failures(await runSuiteAgainst(mutant));
      (failed.length > 0 ? killed : survived).push(mutant.name);
      expect(failed, `no check failed against the mutant that ${mutant.name}`).not.toEqual([]);
    },
  );

  it('kills every mutant, at least 12 of them', () => {
    console.log(`Mutants killed: ${killed.length}/${mutants.length}`);
    expect(mutants.length).toBeGreaterThanOrEqual(12);
    expect(survived).toEqual([]);
    expect(killed.length).toBe(mutants.length);
  });

  afterAll(() => {
    if (survived.length > 0) console.log(`Surviving mutants: ${survived.join('; ')}`);
  });
});
