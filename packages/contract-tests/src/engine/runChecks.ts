import type { Exchange } from '../transport/exchange.js';
import { type CheckContext, CheckSkipped, type ContractCheck, runCheck, skipReason } from './check.js';

export interface CheckResult {
  check: ContractCheck;
  outcome: 'passed' | 'failed' | 'skipped';
  /** Why it was skipped, or what broke. */
  detail?: string;
  /** Milliseconds the check ran (0 when skipped before it ran). */
  durationMs: number;
  /** Every HTTP exchange of the check, in order, as recorded (key included: redact before showing). */
  exchanges: Exchange[];
  /** For a failure: the check's last exchange (a contract violation's message names its own). */
  failedExchange?: Exchange;
}

/** Hooks of `runChecks`, called around each check: the suite's runner turns them into reporter events. */
export interface CheckListener {
  onCheckStart?(check: ContractCheck, index: number): void | Promise<void>;
  onCheckEnd?(result: CheckResult, index: number): void | Promise<void>;
  /**
   * After each check: `true` ends the run there, the checks after it not sent. For a caller whose question the
   * results so far answer (the suite's own mutation tests: a mutant killed by an example needs no further check).
   */
  stopAfter?(result: CheckResult): boolean;
}

async function runOne(check: ContractCheck, ctx: CheckContext): Promise<CheckResult> {
  const reason = skipReason(check, ctx.target);
  if (reason) return { check, outcome: 'skipped', detail: reason, durationMs: 0, exchanges: [] };
  ctx.exchanges.take();
  const started = performance.now();
  const ended = () => ({ durationMs: performance.now() - started, exchanges: ctx.exchanges.take() });
  try {
    await runCheck(check, ctx);
    return { check, outcome: 'passed', ...ended() };
  } catch (error) {
    const done = ended();
    if (error instanceof CheckSkipped) return { check, outcome: 'skipped', detail: error.message, ...done };
    const failedExchange = done.exchanges.at(-1);
    return {
      check,
      outcome: 'failed',
      detail: error instanceof Error ? error.message : String(error),
      ...done,
      ...(failedExchange ? { failedExchange } : {}),
    };
  }
}

/**
 * Runs checks one after another without vitest: the command's runner and the suite's own mutation tests. In order,
 * because the resize checks learn the volume's size from the ones before.
 */
export async function runChecks(
  checks: ContractCheck[],
  ctx: CheckContext,
  listener: CheckListener = {},
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const [index, check] of checks.entries()) {
    await listener.onCheckStart?.(check, index);
    const result = await runOne(check, ctx);
    results.push(result);
    await listener.onCheckEnd?.(result, index);
    if (listener.stopAfter?.(result)) break;
  }
  return results;
}
