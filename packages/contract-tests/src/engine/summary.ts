import { formatCoverage } from '../transport/coverage.js';
import { formatRateLimitStats } from '../transport/rateLimit.js';
import type { ReportedTarget, SuiteResult } from './events.js';

export const exitCodes = { passed: 0, failed: 1, usage: 2, couldNotRun: 3 } as const;

export function exitCodeOf(result: SuiteResult): number {
  if (result.errors.length > 0) return exitCodes.couldNotRun;
  if (result.failed.length > 0) return exitCodes.failed;
  // Nothing executed is not a pass: a CI job whose every check was skipped has verified nothing.
  if (result.passed === 0) return exitCodes.usage;
  return exitCodes.passed;
}

/** The closing report: counts, skip reasons, coverage, errors, and the verdict with its exit code. */
export function formatSummary(target: ReportedTarget, result: SuiteResult): string {
  const skipped = [...result.skipped.values()].reduce((sum, n) => sum + n, 0);
  const total = result.passed + result.failed.length + skipped;
  const where =
    target.kind === 'bundled-mock'
      ? 'the bundled mock (static examples)'
      : `${target.baseUrl} and ${target.platformUrl}${target.allowMutations ? ', mutations allowed' : ''}${target.viaPrismProxy ? ', through prism proxy' : ''}`;
  const lines = [
    '',
    `Contract suite against ${where}`,
    `  ${total} checks: ${result.passed} passed, ${result.failed.length} failed, ${skipped} skipped`,
    ...[...result.skipped.entries()].map(([reason, count]) => `    ${count} skipped: ${reason}`),
    `  ${formatCoverage(result.coverage)}`,
    ...(result.rateLimits
      ? [formatRateLimitStats(result.rateLimits)].filter(Boolean).map((line) => `  ${line}`)
      : []),
    `  Seed: ${result.seed} (replay the run's random choices with --seed ${result.seed})`,
  ];
  const missing = new Map<string, string[]>();
  for (const pair of result.coverage.notExercised) {
    const [operationId = '', status = ''] = pair.split(' ');
    missing.set(operationId, [...(missing.get(operationId) ?? []), status]);
  }
  for (const [operationId, statuses] of missing)
    lines.push(`    not exercised: ${operationId} ${statuses.join(', ')}`);
  // The failures are not listed again here: the console prints each once, in full with its reproduction, just above.
  for (const error of result.errors) lines.push(`  ! ${error.split('\n')[0]}`);
  const code = exitCodeOf(result);
  const verdict =
    code === exitCodes.passed
      ? 'PASS: every executed check held'
      : code === exitCodes.failed
        ? `FAIL: ${result.failed.length} checks failed`
        : code === exitCodes.usage
          ? 'NOTHING CHECKED: every selected check was skipped'
          : 'ERROR: the suite could not run';
  lines.push(`${verdict} (exit ${code})`);
  return lines.join('\n');
}
