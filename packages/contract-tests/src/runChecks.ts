import { type CheckContext, CheckSkipped, type ContractCheck, runCheck, skipReason } from './checks/check.js';

export interface CheckResult {
  check: ContractCheck;
  outcome: 'passed' | 'failed' | 'skipped';
  /** Why it was skipped, or what broke. */
  detail?: string;
}

/**
 * Runs checks one after another without vitest, for programmatic use (and the suite's own mutation tests).
 * In order, because the resize checks learn the volume's size from the ones before.
 */
export async function runChecks(checks: ContractCheck[], ctx: CheckContext): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    const reason = skipReason(check, ctx.target);
    if (reason) {
      results.push({ check, outcome: 'skipped', detail: reason });
      continue;
    }
    try {
      await runCheck(check, ctx);
      results.push({ check, outcome: 'passed' });
    } catch (error) {
      if (error instanceof CheckSkipped) {
        results.push({ check, outcome: 'skipped', detail: error.message });
        continue;
      }
      results.push({
        check,
        outcome: 'failed',
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}
