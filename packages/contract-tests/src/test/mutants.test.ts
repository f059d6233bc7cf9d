import { afterAll, describe, expect, it } from 'vitest';
import { buildChecks, createCheckContext, skipReasons } from '../checks/index.js';
import { type CheckResult, runChecks } from '../engine/runChecks.js';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { loadContractSpec } from '../model/spec.js';
import { rateLimiterFor } from '../transport/rateLimit.js';
import { behaviourMutants } from './behaviourMutants.js';
import { branchMutants } from './branchMutants.js';
import { type ConformingVariant, conformingVariants as earlierVariants } from './conformingVariants.js';
import { coverageMutants } from './coverageMutants.js';
import { laterMutants, type Mutant, mutants } from './mutants.js';
import { openFieldVariants } from './openFieldVariants.js';
import { type SimulatorTransport, startSimulatorTarget } from './simulatorTarget.js';

const spec = loadContractSpec();
/** One validator for every run: its compiled schemas depend on the spec alone, and each run compiled them anew. */
const validator = createSchemaValidator(spec.document);
/**
 * The checks, built once for every run: they too depend on the spec alone (what a run learns lives in its context's
 * `state`), and building them (the negative cases, the coverage entries) was a tenth of each run's time.
 */
const checks = buildChecks(spec, validator);

/**
 * The seed of every run here: a generated case that kills a mutant with it kills it in every run. `MUTANT_SEED=N`
 * tries the mutants with another seed, to see how much a kill owes to the seed.
 */
const mutantRunSeed = Number(process.env.MUTANT_SEED ?? 34);

const allMutants = [...mutants, ...laterMutants, ...coverageMutants, ...branchMutants, ...behaviourMutants];
const conformingVariants = [...earlierVariants, ...openFieldVariants];

/**
 * Every check of the suite, in order, against a fresh simulator (wrapped by a mutant, or made a variant, when given).
 * In process by default: the same handler answers without a socket, so the hundred-odd runs cost the checks' own
 * time; the runs over HTTP below prove that both transports give the same verdicts.
 */
async function runSuiteAgainst(
  mutant?: Mutant,
  variant?: ConformingVariant,
  transport: SimulatorTransport = 'in-process',
  { stopAtExampleFailure = false }: { stopAtExampleFailure?: boolean } = {},
): Promise<CheckResult[]> {
  const simulator = await startSimulatorTarget(
    mutant?.wrap ?? variant?.intercept,
    variant?.options,
    transport,
  );
  try {
    // One seed for every run, so which generated cases meet a mutant is the same in every CI run.
    const ctx = createCheckContext(spec, simulator.target, {
      seed: mutantRunSeed,
      validator,
      ...(simulator.fetch ? { fetch: simulator.fetch } : {}),
    });
    const results = await runChecks(
      checks,
      ctx,
      stopAtExampleFailure ? { stopAfter: (result) => isExampleFailure(result) } : {},
    );
    // A rate-limiting variant that never limited, or was never waited out, no longer tests what it names.
    if (variant?.rateLimited) expect(rateLimiterFor(simulator.target).stats().answers).toBeGreaterThan(50);
    return results;
  } finally {
    await simulator.close();
  }
}

/**
 * A failed check that is not a generated property: it decides both questions the kill table asks of a mutant
 * (killed, and killed by the examples alone), so a mutant's run ends there and the checks after it are not sent.
 * Until one, every check runs, so "killed only by generated cases" is judged on the whole suite as before.
 */
const isExampleFailure = (result: CheckResult) =>
  result.outcome === 'failed' && result.check.kind !== 'property';
/** How many checks the mutants' runs sent, of how many a run of the whole suite for each would: what stopping saves. */
let checksRun = 0;

const failures = (results: CheckResult[]) =>
  results
    .filter((r) => r.outcome === 'failed')
    .map((r) => `${r.check.operationId} › ${r.check.name}: ${r.detail}`);

describe('the simulator', () => {
  it.each(['in-process', 'http'] as const)(
    'passes every check of the suite, none skipped (%s)',
    async (transport) => {
      const results = await runSuiteAgainst(undefined, undefined, transport);
      expect(failures(results)).toEqual([]);
      // But the check of how a stream fails: no stream of the conforming simulator fails (its own tests make one).
      expect(
        results.filter((r) => r.outcome === 'skipped' && r.detail !== skipReasons.noFailedStream),
      ).toEqual([]);
      expect(results.length).toBeGreaterThan(100);
    },
  );
});

/** Each check's outcome and what it said, without timings: what must not depend on the transport. */
const verdicts = (results: CheckResult[]) =>
  results.map((r) => `${r.outcome} ${r.check.operationId} › ${r.check.name}`);

describe('the in-process runs', () => {
  // Where the transports differ most: a key checked, a stream ended early, bytes before the JSON, a stream's line ends.
  // Mutants that keep no count of requests: one that does (the ledger's unstable ties) would start its second run
  // where the first left off, and so would its run in the table below.
  const mutantsOverBoth = [
    'answers 200 without a key',
    'ends a chat stream without [DONE]',
    'sends a byte order mark before the JSON',
  ];
  const variantsOverBoth = ['event streams whose lines end with a bare CR'];
  const overBoth = [
    ...allMutants
      .filter((m) => mutantsOverBoth.includes(m.name))
      .map((m) => [`the mutant that ${m.name}`, m, undefined] as const),
    ...conformingVariants
      .filter((v) => variantsOverBoth.includes(v.name))
      .map((v) => [`the variant: ${v.name}`, undefined, v] as const),
  ];

  it.each(overBoth)('give the verdicts of runs over HTTP: %s', async (_, mutant, variant) => {
    const inProcess = await runSuiteAgainst(mutant, variant, 'in-process');
    const overHttp = await runSuiteAgainst(mutant, variant, 'http');
    expect(verdicts(inProcess)).toEqual(verdicts(overHttp));
  });

  it('are compared over HTTP for each mutant and variant named (none renamed away)', () => {
    expect(overBoth).toHaveLength(mutantsOverBoth.length + variantsOverBoth.length);
  });
});

describe('conforming variants of the simulator, each another legal choice of the spec', () => {
  const passed: string[] = [];
  it.each(conformingVariants.map((variant) => [variant.name, variant] as [string, ConformingVariant]))(
    'pass the suite: %s',
    async (_, variant) => {
      const results = await runSuiteAgainst(undefined, variant);
      expect(failures(results)).toEqual([]);
      const skipped = results.filter(
        (r) => r.outcome === 'skipped' && r.detail !== skipReasons.noFailedStream,
      );
      const unexpected = skipped.filter(
        (r) => !(variant.skips ?? []).some((reason) => reason.test(r.detail ?? '')),
      );
      expect(unexpected.map((r) => `${r.check.name}: ${r.detail}`)).toEqual([]);
      // A variant that allows skips must cause them: otherwise it no longer tests what it names.
      if (variant.skips) expect(skipped.length).toBeGreaterThan(0);
      passed.push(variant.name);
    },
    120_000,
  );

  it('are all passed', () => {
    console.log(`Conforming variants passed: ${passed.length}/${conformingVariants.length}`);
    expect(passed).toHaveLength(conformingVariants.length);
  });
});

describe('mutants of the simulator, each breaking one promise', () => {
  const killed: string[] = [];
  const survived: string[] = [];
  /** Mutants that only a generated property failed on: what the hand-picked examples alone let through. */
  const onlyByGenerated: string[] = [];

  it.each(allMutants.map((mutant) => [mutant.name, mutant] as [string, Mutant]))(
    'fails the suite when it %s',
    async (_, mutant) => {
      const results = await runSuiteAgainst(mutant, undefined, 'in-process', { stopAtExampleFailure: true });
      checksRun += results.length;
      const failed = failures(results);
      (failed.length > 0 ? killed : survived).push(mutant.name);
      const byExamples = results.some(isExampleFailure);
      if (failed.length > 0 && !byExamples) onlyByGenerated.push(mutant.name);
      expect(failed, `no check failed against the mutant that ${mutant.name}`).not.toEqual([]);
    },
  );

  it('kills every mutant, at least 50 of them', () => {
    console.log(`Mutants killed: ${killed.length}/${allMutants.length}`);
    console.log(
      `Checks sent to the mutants: ${checksRun} of ${checks.length * allMutants.length} (each run ends at the first example that fails)`,
    );
    const branch = new Set(branchMutants.map((mutant) => mutant.name));
    const count = (names: string[], inBranch: boolean) =>
      names.filter((n) => branch.has(n) === inBranch).length;
    console.log(
      [
        `Kill rates (seed ${mutantRunSeed}), examples alone -> with generated cases:`,
        `  earlier mutants: ${count(killed, false) - count(onlyByGenerated, false)} -> ${count(killed, false)} of ${allMutants.length - branch.size}`,
        `  issue 34's branch mutants: ${count(killed, true) - count(onlyByGenerated, true)} -> ${count(killed, true)} of ${branch.size}`,
        `  killed only by generated cases: ${onlyByGenerated.join('; ') || 'none'}`,
      ].join('\n'),
    );
    expect(allMutants.length).toBeGreaterThanOrEqual(50);
    expect(survived).toEqual([]);
    expect(killed.length).toBe(allMutants.length);
  });

  afterAll(() => {
    if (survived.length > 0) console.log(`Surviving mutants: ${survived.join('; ')}`);
  });
});
