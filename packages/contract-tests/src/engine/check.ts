import { redactorFor } from '@inference-infra/edge';
import { conformanceProblems } from '../judgements/conformance.js';
import { type FailedStream, keepFailedStream } from '../judgements/failedStreams.js';
import { createSchemaValidator, type SchemaValidator } from '../model/schemaValidator.js';
import type { ContractSpec } from '../model/spec.js';
import { type CoverageRecorder, createCoverageRecorder } from '../transport/coverage.js';
import { createExchangeLog, type ExchangeLog } from '../transport/exchange.js';
import { type ContractHttp, createContractHttp } from '../transport/http.js';
import type { Target } from '../transport/target.js';
import { createSeededRandom, pickSeed, type SeededRandom } from './seededRandom.js';

/**
 * What a check needs beyond a reachable target:
 * - `state`: a server that keeps state and applies filters, which the bundled mock (static examples) is not;
 * - `volume`: a volume to resize (`--volume-id`) on a live target;
 * - `volumeSize`: the current size of that volume (`--volume-size`), to ask for one GB more;
 * - `keyValidation`: a server that knows which keys exist, which Prism (it only looks for a bearer header) does not;
 * - `boundResizes`: leave to grow the volume to its largest size for good (`--allow-bound-resizes`);
 * - `ownErrors`: a server that answers requests outside the spec (unknown paths and methods, bodies that are not JSON)
 *   itself, which Prism leaves to its own error format;
 * - `strictParsing`: a server that reads query values as the spec types them, where Prism coerces them first.
 */
export type Requirement =
  | 'state'
  | 'volume'
  | 'volumeSize'
  | 'keyValidation'
  | 'boundResizes'
  | 'ownErrors'
  | 'strictParsing';

/** `property`: a promise checked over cases generated from the spec (fast-check, seeded), shrunk on failure. */
export type CheckKind = 'response' | 'semantic' | 'negative' | 'auth' | 'property';

export interface ContractCheck {
  /** What the check asserts, as the report shows it: `lists instance types by hourly_rate ascending`. */
  name: string;
  operationId: string;
  tags: string[];
  kind: CheckKind;
  /** Sends a state-changing or billable call with a valid key: run against a live target only when allowed. */
  mutates: boolean;
  requires: readonly Requirement[];
  /**
   * The entries of the coverage map this check tests (`promises/coverageIds.ts` names them): a promise no check
   * declares needs a printed reason it cannot be checked from outside, or the suite's own tests fail.
   */
  covers: readonly string[];
  /**
   * Derived from the spec for every operation alike, with no code of the operation's own (the key, refusals, request
   * shapes, answers within bounds): the coverage map marks a promise only such checks cover.
   */
  generic?: boolean;
  run(ctx: CheckContext): Promise<void>;
}

/** Learned while the suite runs: what later checks need to know about the target's state. */
export interface RunState {
  /** The current size of the target volume, once known (from `--volume-size`, then from each successful resize). */
  volumeSizeGb?: number;
  /** The volume as the last successful resize answered it: what a refused resize must leave as it is. */
  volume?: Record<string, unknown> & { sizeGb: number };
  /**
   * Streamed answers of the run that failed mid-way (no `x-stream-terminator` at their end, or an error event), whichever
   * check met them, for the check of how a stream fails; at most `keptFailedStreams`, the first ones.
   */
  failedStreams?: FailedStream[];
}

export interface CheckContext {
  spec: ContractSpec;
  validator: SchemaValidator;
  http: ContractHttp;
  target: Target;
  coverage: CoverageRecorder;
  state: RunState;
  /** The run's random choices come from here, never `Math.random`: seeded by `--seed`, so a run can be replayed. */
  random: SeededRandom;
  /** Every exchange `http` makes; the runner takes each check's share for its reports. */
  exchanges: ExchangeLog;
  /** The run's seed: each generated property derives its own from it and its name, so `--only` keeps its cases. */
  seed: number;
  generation: GenerationBudget;
}

/** How much the generated properties may send (`--max-cases`, `--time-budget`). */
export interface GenerationBudget {
  /** Cases each property tries (0 leaves the generated properties out, skipped with that reason). */
  maxCases: number;
  /** Milliseconds the generated properties may run, in all; Infinity without `--time-budget`. */
  timeBudgetMs: number;
  /** Milliseconds they have run so far. */
  spentMs: number;
}

/** Cases a property tries unless `--max-cases` says otherwise: enough to reach every branch, under a minute in all. */
export const defaultMaxCases = 25;

export function createCheckContext(
  spec: ContractSpec,
  target: Target,
  options: {
    seed?: number;
    maxCases?: number;
    timeBudgetMs?: number;
    /** The transport (`globalThis.fetch` when absent): a server's in-process fetch runs the suite without a socket. */
    fetch?: typeof fetch;
    /** A validator built before, for a caller that runs the suite many times against one spec. */
    validator?: SchemaValidator;
  } = {},
): CheckContext {
  const seed = options.seed ?? pickSeed();
  const coverage = createCoverageRecorder();
  const exchanges = createExchangeLog();
  const validator = options.validator ?? createSchemaValidator(spec.document);
  const state: RunState = target.volumeSizeGb !== undefined ? { volumeSizeGb: target.volumeSizeGb } : {};
  return {
    spec,
    validator,
    http: createContractHttp(target, coverage, exchanges, {
      rateLimitedAnswerProblems: (response) => conformanceProblems(validator, response),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      onEventStream: (answer, brokenOff) => keepFailedStream(state, answer, brokenOff),
    }),
    target,
    coverage,
    random: createSeededRandom(seed),
    exchanges,
    seed,
    generation: {
      maxCases: options.maxCases ?? defaultMaxCases,
      timeBudgetMs: options.timeBudgetMs ?? Number.POSITIVE_INFINITY,
      spentMs: 0,
    },
    state,
  };
}

export const skipReasons = {
  staticMock: 'the mock answers static examples',
  mockKeys: 'the mock accepts any bearer key',
  mockErrors: 'the mock answers requests outside the spec in its own error format',
  mockParsing: 'the mock coerces query values before it checks them',
  mutations: 'state-changing or billable call: run with --allow-mutations',
  noFailedStream:
    'no stream of the run failed mid-way: a live service cannot be asked to fail, so how a stream fails is judged only when one does',
  volume: 'needs --volume-id (a volume the suite may resize)',
  volumeSize: 'needs --volume-size (the current size of --volume-id)',
  boundResizes:
    'grows the volume to its largest size for good: run with --allow-bound-resizes on a volume you can throw away',
} as const;

/**
 * Why a check does not run against this target, or undefined when it runs. A skipped check is always reported
 * with its reason: a check that cannot hold here must never count as passed.
 */
export function skipReason(check: ContractCheck, target: Target): string | undefined {
  if (target.kind === 'bundled-mock') {
    if (check.requires.includes('keyValidation')) return skipReasons.mockKeys;
    if (check.requires.includes('ownErrors')) return skipReasons.mockErrors;
    if (check.requires.includes('strictParsing')) return skipReasons.mockParsing;
    return check.requires.includes('state') ? skipReasons.staticMock : undefined;
  }
  if (check.mutates && !target.allowMutations) return skipReasons.mutations;
  if (check.requires.includes('volume') && !target.volumeId) return skipReasons.volume;
  if (check.requires.includes('volumeSize') && target.volumeSizeGb === undefined)
    return skipReasons.volumeSize;
  if (check.requires.includes('boundResizes') && !target.allowBoundResizes) return skipReasons.boundResizes;
  return undefined;
}

/**
 * Thrown by a check that finds, while running, that it cannot judge this target (a ledger too long to walk, one that
 * grows during the run): reported as skipped with the reason, never as passed and never as a failure of the server.
 */
export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
}

export function skipCheck(reason: string): never {
  throw new CheckSkipped(reason);
}

/**
 * Runs a check; a failure is rethrown with the key redacted in its message and stack. Failure messages quote what the
 * server answered, and a server may echo the key back (in an error text about a malformed header, say): the console
 * and the JUnit file of a partner's CI must not show it. Quotes were redacted before they were cut; this catches what
 * a message holds whole (a header value, an id, fetch's own error text).
 */
export async function runCheck(check: ContractCheck, ctx: CheckContext): Promise<void> {
  try {
    await check.run(ctx);
  } catch (error) {
    if (error instanceof Error) {
      // Both secrets of the target (`secretsOf`): a deactivated key's checks quote answers too.
      const { apiKey, deactivatedKey } = ctx.target;
      const redactor = redactorFor(deactivatedKey === undefined ? apiKey : [apiKey, deactivatedKey]);
      error.message = redactor.redact(error.message);
      if (error.stack) error.stack = redactor.redact(error.stack);
    }
    throw error;
  }
}

export interface CheckSelection {
  /** Only checks whose operationId or tag is listed (case-insensitive); all when empty. */
  only: string[];
  /** Leaves out checks whose operationId or tag is listed. */
  skip: string[];
}

function matches(check: ContractCheck, names: string[]): boolean {
  const keys = [check.operationId, ...check.tags].map((key) => key.toLowerCase());
  return names.some((name) => keys.includes(name.toLowerCase()));
}

export function selectChecks(checks: ContractCheck[], selection: CheckSelection): ContractCheck[] {
  return checks.filter(
    (check) =>
      (selection.only.length === 0 || matches(check, selection.only)) && !matches(check, selection.skip),
  );
}

/** The names `--only`/`--skip` accept: every operationId and tag of the spec. */
export function selectableNames(spec: ContractSpec): string[] {
  return [...new Set(spec.operations.flatMap((op) => [op.operationId, ...op.tags]))];
}
