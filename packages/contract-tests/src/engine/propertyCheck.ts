import fc from 'fast-check';
import { ContractViolation } from '../transport/violation.js';
import { type CheckContext, CheckSkipped, type ContractCheck, skipCheck } from './check.js';

/**
 * A promise checked over generated cases rather than one hand-picked input, as Schemathesis does: the cases come from
 * the spec (and from what the target's own answers showed, such as the values a filter can take), fast-check draws
 * them from the run's seed, and a failure is shrunk to the smallest case that still fails before it is reported.
 */
export interface GeneratedProperty<Input, Setup = undefined> {
  name: string;
  operationId: string;
  tags: string[];
  mutates: boolean;
  requires: ContractCheck['requires'];
  covers: readonly string[];
  /** Learns what the cases are drawn from (a catalogue's values, a volume's size); runs once per check. */
  setup?(ctx: CheckContext): Promise<Setup>;
  /** The cases: an arbitrary over the space the spec allows for this promise. */
  cases(ctx: CheckContext, setup: Setup): fc.Arbitrary<Input>;
  /** Sends one case and throws a `ContractViolation` when the promise breaks (or `skipCheck` when it cannot judge). */
  check(ctx: CheckContext, input: Input, setup: Setup): Promise<void>;
  /** Cases at most, whatever `--max-cases` says: a property whose every case changes a live volume keeps few. */
  maxCases?: number;
  /** Whether a failure is shrunk (each shrink is another request; off where every request changes state). */
  shrink?: boolean;
}

export const generationSkipReasons = {
  noCases: 'generated cases are off (--max-cases 0)',
  budget: 'the time budget for generated cases is spent (--time-budget)',
} as const;

/** A 32-bit seed of the property's own, from the run's seed and its name: replayable, and unchanged by `--only`. */
export function propertySeed(runSeed: number, name: string): number {
  let hash = runSeed >>> 0;
  for (const char of name) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash | 0;
}

function describeCase(input: unknown): string {
  const text = JSON.stringify(input) ?? String(input);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** The property as a check of the suite: it runs its cases within the run's budget and reports the smallest failure. */
export function propertyCheck<Input, Setup = undefined>(
  property: GeneratedProperty<Input, Setup>,
): ContractCheck {
  const { setup, cases, check, maxCases, shrink = true, ...rest } = property;
  return {
    ...rest,
    name: `${property.name} (generated cases)`,
    kind: 'property',
    async run(ctx) {
      const budget = ctx.generation;
      if (budget.maxCases === 0) skipCheck(generationSkipReasons.noCases);
      const left = budget.timeBudgetMs - budget.spentMs;
      if (left <= 0) skipCheck(generationSkipReasons.budget);
      const started = performance.now();
      try {
        const prepared = setup ? await setup(ctx) : (undefined as Setup);
        let skipped: CheckSkipped | undefined;
        const seed = propertySeed(ctx.seed, property.name);
        const details = await fc.check(
          fc.asyncProperty(cases(ctx, prepared), async (input) => {
            try {
              await check(ctx, input, prepared);
            } catch (error) {
              // A case the target cannot be judged on (a ledger that grew) skips the property, never fails it.
              if (error instanceof CheckSkipped) {
                skipped = error;
                return;
              }
              throw error;
            }
          }),
          {
            seed,
            numRuns: Math.min(budget.maxCases, maxCases ?? Number.POSITIVE_INFINITY),
            endOnFailure: !shrink,
            ...(Number.isFinite(left)
              ? { interruptAfterTimeLimit: Math.max(1, Math.round(left)), markInterruptAsFailure: false }
              : {}),
          },
        );
        // fast-check calls an interrupted run with no finished case a failure, whatever markInterruptAsFailure says;
        // with no counterexample it is the budget running out, not the target breaking a rule.
        if (details.failed && details.interrupted && details.counterexample == null)
          skipCheck(generationSkipReasons.budget);
        if (details.failed) {
          const error = details.errorInstance;
          const message = error instanceof Error ? error.message : String(error);
          const shrunk = shrink ? `, shrunk in ${details.numShrinks} steps to the smallest that fails` : '';
          throw new ContractViolation(
            `generated case ${describeCase(details.counterexample?.[0])}${shrunk} (case ${details.numRuns} of the property's seed ${seed}; --seed ${ctx.seed} replays the run):\n${message}`,
          );
        }
        if (skipped) throw skipped;
        if (details.numRuns === 0) skipCheck(generationSkipReasons.budget);
      } finally {
        budget.spentMs += performance.now() - started;
      }
    },
  };
}
