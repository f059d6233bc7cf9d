import { type Redactor, redactorFor } from '@inference-infra/edge';
import {
  buildChecks,
  type CheckSelection,
  type ContractCheck,
  createCheckContext,
  selectChecks,
} from '../checks/index.js';
import { type ContractSpec, loadContractSpec } from '../model/spec.js';
import { summarizeCoverage } from '../transport/coverage.js';
import { type Exchange, shownExchange } from '../transport/exchange.js';
import { rateLimiterFor } from '../transport/rateLimit.js';
import { hasReproduction, reproductionOf } from '../transport/reproduction.js';
import { secretsOf, type Target } from '../transport/target.js';
import { createVolumeSizeWatch } from '../transport/volumeSizeHint.js';
import type { CheckEndEvent, ReportedCheck, ReportedTarget, Reporter, SuiteResult } from './events.js';
import { type CheckResult, runChecks } from './runChecks.js';
import { pickSeed } from './seededRandom.js';
import { exitCodeOf, formatSummary } from './summary.js';

export type { FailedCheck, SuiteResult } from './events.js';

export interface SuiteOptions {
  /** Where the checks send their requests (a `prism proxy` in front of the target, with `viaPrismProxy`). */
  target: Target;
  selection: CheckSelection;
  reporters: Reporter[];
  /** The seed of the run's random choices; one is picked (and reported) when absent. */
  seed?: number;
  /** The target as reports name it, when `target` is a proxy in front of it. */
  reportedAs?: Target;
  viaPrismProxy?: boolean;
  /** Cases each generated property tries; `defaultMaxCases` when absent. */
  maxCases?: number;
  /** Milliseconds the generated properties may run in all; no limit when absent. */
  timeBudgetMs?: number;
  /** The pre-flight's exchanges, for the reports that list every request. */
  preflightExchanges?: Exchange[];
  /** The spec the checks are generated from (default the bundled one, `loadContractSpec()`). */
  spec?: ContractSpec;
}

/** The target as reports name it: without its key, and with the key redacted from addresses that hold it. */
export function reportedTargetOf(target: Target, viaPrismProxy = false): ReportedTarget {
  const redactor = redactorFor(secretsOf(target));
  return {
    kind: target.kind,
    baseUrl: redactor.redact(target.baseUrl),
    platformUrl: redactor.redact(target.platformUrl),
    allowMutations: target.allowMutations,
    viaPrismProxy,
  };
}

function reportedCheck(check: ContractCheck): ReportedCheck {
  return {
    fullName: `${check.operationId} › ${check.name}`,
    name: check.name,
    operationId: check.operationId,
    tags: check.tags,
    kind: check.kind,
  };
}

/** A failure's message and reproduction, apart, the key redacted in both before either is split or cut. */
function failureOf(
  result: CheckResult,
  key: string,
  redactor: Redactor,
  moreSecrets: readonly string[] = [],
): { message: string; reproduction?: string } {
  const detail = redactor.redact(result.detail ?? 'failed');
  const at = detail.indexOf('\n  reproduce: curl ');
  if (hasReproduction(detail)) return { message: detail.slice(0, at), reproduction: detail.slice(at + 1) };
  if (!result.failedExchange) return { message: detail };
  return { message: detail, reproduction: reproductionOf(result.failedExchange, key, moreSecrets) };
}

/**
 * The command's runner: runs the selected checks in order and tells every reporter as it goes (run start, each check's
 * start and end with its exchanges, run end with the summary). No vitest: a check's outcome is what `runChecks` saw,
 * so no report depends on parsing another tool's output.
 */
export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const spec = options.spec ?? loadContractSpec();
  const seed = options.seed ?? pickSeed();
  const key = options.target.apiKey;
  // Every string reporters get passes through this first: they write files and stdout, and cut what they write.
  const redactor = redactorFor(secretsOf(options.target));
  const ctx = createCheckContext(spec, options.target, {
    seed,
    ...(options.maxCases === undefined ? {} : { maxCases: options.maxCases }),
    ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs }),
  });
  const checks = selectChecks(buildChecks(spec, ctx.validator), options.selection);
  const target = reportedTargetOf(options.reportedAs ?? options.target, options.viaPrismProxy);
  const emit = async <E>(
    hook: (reporter: Reporter) => ((event: E) => void | Promise<void>) | undefined,
    event: E,
  ) => {
    for (const reporter of options.reporters) await hook(reporter)?.call(reporter, event);
  };
  const started = performance.now();
  await emit((r) => r.onRunStart, {
    target,
    checkCount: checks.length,
    seed,
    startedAt: new Date().toISOString(),
    preflight: (options.preflightExchanges ?? []).map((exchange) => shownExchange(exchange, redactor)),
  });

  const result: SuiteResult = {
    passed: 0,
    failed: [],
    skipped: new Map(),
    errors: [],
    coverage: summarizeCoverage(spec, []),
    seed,
  };
  const watchVolumeSize = createVolumeSizeWatch(options.target);
  await runChecks(checks, ctx, {
    onCheckStart: (check, index) => emit((r) => r.onCheckStart, { index, check: reportedCheck(check) }),
    onCheckEnd: async (checkResult, index) => {
      const hint = checkResult.exchanges.map(watchVolumeSize).find(Boolean);
      const event: CheckEndEvent = {
        index,
        check: reportedCheck(checkResult.check),
        outcome: checkResult.outcome,
        durationMs: checkResult.durationMs,
        exchanges: checkResult.exchanges.map((exchange) => shownExchange(exchange, redactor)),
      };
      if (checkResult.outcome === 'passed') result.passed += 1;
      if (checkResult.outcome === 'skipped') {
        const reason = redactor.redact(checkResult.detail ?? 'skipped');
        event.reason = reason;
        result.skipped.set(reason, (result.skipped.get(reason) ?? 0) + 1);
      }
      if (checkResult.outcome === 'failed') {
        const failure = failureOf(checkResult, key, redactor, secretsOf(options.target).slice(1));
        // The stale flag first: it explains this failure and those after it, which only say "expected 200, got 409".
        event.message = hint ? `${redactor.redact(hint)}\n${failure.message}` : failure.message;
        if (failure.reproduction) event.reproduction = failure.reproduction;
        result.failed.push({
          name: event.check.fullName,
          message: event.message,
          ...(failure.reproduction ? { reproduction: failure.reproduction } : {}),
        });
      }
      await emit((r) => r.onCheckEnd, event);
    },
  });

  result.coverage = summarizeCoverage(spec, ctx.coverage.seen());
  const rateLimits = rateLimiterFor(options.target).stats();
  if (rateLimits.answers > 0 || rateLimits.maxRequestsPerSecond) result.rateLimits = rateLimits;
  await emit((r) => r.onRunEnd, {
    target,
    result,
    summary: formatSummary(target, result),
    exitCode: exitCodeOf(result),
    durationMs: performance.now() - started,
  });
  return result;
}
