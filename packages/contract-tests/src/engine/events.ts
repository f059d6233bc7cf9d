import type { CoverageSummary } from '../transport/coverage.js';
import type { Exchange } from '../transport/exchange.js';
import type { RateLimitStats } from '../transport/rateLimit.js';
import type { CheckKind } from './check.js';

/** Where a run went, as reports show it: the target without its key. */
export interface ReportedTarget {
  kind: 'bundled-mock' | 'live';
  baseUrl: string;
  platformUrl: string;
  allowMutations: boolean;
  viaPrismProxy: boolean;
}

export interface ReportedCheck {
  /** `listInstanceTypes › answers 401 without an Authorization header`: unique within a run. */
  fullName: string;
  name: string;
  operationId: string;
  tags: string[];
  kind: CheckKind;
}

export interface RunStartEvent {
  target: ReportedTarget;
  checkCount: number;
  /** The seed of the run's random choices: `--seed` replays them. */
  seed: number;
  startedAt: string;
  /** The pre-flight requests made before the run (none against the bundled mock). */
  preflight: Exchange[];
}

export interface CheckStartEvent {
  index: number;
  check: ReportedCheck;
}

/** Everything a report needs about one check, the key already redacted. */
export interface CheckEndEvent {
  index: number;
  check: ReportedCheck;
  outcome: 'passed' | 'failed' | 'skipped';
  /** Why it was skipped. */
  reason?: string;
  /** What broke, without the reproduction. */
  message?: string;
  /** The failing request as `curl` (key as `$INFERENCE_INFRA_API_KEY`), its status and the start of the answer. */
  reproduction?: string;
  durationMs: number;
  exchanges: Exchange[];
}

export interface FailedCheck {
  name: string;
  message: string;
  reproduction?: string;
}

export interface SuiteResult {
  passed: number;
  failed: FailedCheck[];
  /** Skipped checks by reason. */
  skipped: Map<string, number>;
  /** Errors outside any check (the suite could not run). */
  errors: string[];
  coverage: CoverageSummary;
  seed: number;
  /** The 429 answers waited out and the requests held back by `--max-rps`, when any. */
  rateLimits?: RateLimitStats;
}

export interface RunEndEvent {
  target: ReportedTarget;
  result: SuiteResult;
  /** The closing summary as the console prints it (`formatSummary`). */
  summary: string;
  exitCode: number;
  durationMs: number;
}

/**
 * A report of the run, fed events as they happen; each hook is optional, like a middleware's. The runner awaits every
 * hook, so a reporter writing a file has written it when the run returns.
 */
export interface Reporter {
  onRunStart?(event: RunStartEvent): void | Promise<void>;
  onCheckStart?(event: CheckStartEvent): void | Promise<void>;
  onCheckEnd?(event: CheckEndEvent): void | Promise<void>;
  onRunEnd?(event: RunEndEvent): void | Promise<void>;
  /** The run stopped before any check (the pre-flight failed): instead of every other hook. */
  onRunError?(event: RunErrorEvent): void | Promise<void>;
}

export interface RunErrorEvent {
  /** One sentence: which address does not answer, or that the key was refused. */
  message: string;
  /** Where the run went. */
  target: ReportedTarget;
  /** The pre-flight requests made before it stopped (none when the key could not even be sent), key redacted. */
  preflight: Exchange[];
}
