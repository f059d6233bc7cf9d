import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContractSpec } from '../model/spec.js';
import type { Target } from '../transport/target.js';
import { type CheckContext, CheckSkipped, createCheckContext, runCheck, skipCheck } from './check.js';
import { generationSkipReasons, propertyCheck, propertySeed } from './propertyCheck.js';

const spec = loadContractSpec();
const target: Target = {
  kind: 'live',
  baseUrl: 'http://127.0.0.1:9/v1',
  platformUrl: 'http://127.0.0.1:9',
  apiKey: 'ii_live_0c7e5b2d4f3a19x8',
  allowMutations: false,
  models: {},
  requestTimeoutMs: 1000,
};

function context(options: Parameters<typeof createCheckContext>[2] = {}): CheckContext {
  return createCheckContext(spec, target, { seed: 7, ...options });
}

/** A property over whole numbers named `name`, each case handed to `check`. */
function numberProperty(name: string, check: (n: number) => Promise<void>, cases = fc.nat()) {
  return propertyCheck({
    name,
    operationId: 'listInstanceTypes',
    tags: [],
    mutates: false,
    requires: [],
    covers: [],
    cases: () => cases,
    check: (_, n) => check(n),
  });
}

/** A property over whole numbers that fails at 50 and above, as a server that breaks past some size would. */
function failingAt50(seen: number[] = []) {
  return numberProperty(
    'holds below fifty',
    async (n) => {
      seen.push(n);
      if (n >= 50) throw new Error(`GET /x?n=${n} → 200: ${n} is fifty or more`);
    },
    fc.integer({ min: 0, max: 1000 }),
  );
}

describe('a generated property as a check', () => {
  it('reports the smallest failing case, the property seed and the run seed, with the failure of that case', async () => {
    const error = await runCheck(failingAt50(), context()).catch((e: Error) => e);
    expect(String(error)).toMatch(
      /^ContractViolation: generated case 50, shrunk in \d+ steps to the smallest that fails/,
    );
    expect(String(error)).toContain(`property's seed ${propertySeed(7, 'holds below fifty')}`);
    expect(String(error)).toContain('--seed 7 replays the run');
    expect(String(error)).toContain('GET /x?n=50 → 200: 50 is fifty or more');
  });

  it('draws the same cases from the same run seed, and others from another', async () => {
    const first: number[] = [];
    const again: number[] = [];
    const other: number[] = [];
    await runCheck(failingAt50(first), context()).catch(() => undefined);
    await runCheck(failingAt50(again), context()).catch(() => undefined);
    await runCheck(failingAt50(other), context({ seed: 8 })).catch(() => undefined);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('tries --max-cases cases, and none with 0, skipped with that reason', async () => {
    const seen: number[] = [];
    const passing = numberProperty('always holds', async (n) => {
      seen.push(n);
    });
    await runCheck(passing, context({ maxCases: 7 }));
    expect(seen).toHaveLength(7);
    const skipped = await runCheck(passing, context({ maxCases: 0 })).catch((e: Error) => e);
    expect(skipped).toBeInstanceOf(CheckSkipped);
    expect((skipped as Error).message).toBe(generationSkipReasons.noCases);
  });

  it('is skipped once the time budget is spent, and counts its own time against it', async () => {
    const ctx = context({ timeBudgetMs: 50 });
    const slow = numberProperty('slow', () => new Promise((resolve) => setTimeout(resolve, 20)));
    await runCheck(slow, ctx);
    expect(ctx.generation.spentMs).toBeGreaterThanOrEqual(40);
    const next = await runCheck(slow, ctx).catch((e: Error) => e);
    expect((next as Error).message).toBe(generationSkipReasons.budget);
  });

  it('is skipped, not failed, when the budget left runs out before its first case ends', async () => {
    for (const left of [1, 2, 5]) {
      const ctx = context({ timeBudgetMs: 1_000 });
      ctx.generation.spentMs = 1_000 - left;
      const slow = numberProperty('slow', () => new Promise((resolve) => setTimeout(resolve, 30)));
      const error = await runCheck(slow, ctx).catch((e: Error) => e);
      expect(error).toBeInstanceOf(CheckSkipped);
      expect((error as Error).message).toBe(generationSkipReasons.budget);
    }
  });

  it('is skipped, not failed, when a case finds the target cannot be judged', async () => {
    const unjudgeable = numberProperty('unjudgeable', async () =>
      skipCheck('the ledger grew during the run'),
    );
    const error = await runCheck(unjudgeable, context()).catch((e: Error) => e);
    expect(error).toBeInstanceOf(CheckSkipped);
    expect((error as Error).message).toBe('the ledger grew during the run');
  });
});
