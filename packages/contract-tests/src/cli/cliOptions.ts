import { parseArgs } from 'node:util';
import { type CheckSelection, defaultMaxCases } from '../engine/check.js';
import { maxSeed } from '../engine/seededRandom.js';
import { defaultRateLimitBudgetMs } from '../transport/rateLimit.js';
import { defaultMaxAnswerBytes } from '../transport/readAnswer.js';
import type { TargetFlags } from '../transport/target.js';

/** Reports named by `--reporter`; the console's progress and summary are always printed (`default` is that alone). */
export const reporterNames = ['default', 'junit', 'github'] as const;
export type ReporterName = (typeof reporterNames)[number];

/** Files named by `--report FORMAT FILE`: every exchange of the run (`har`, `ndjson`), or the coverage map. */
export const exchangeReportFormats = ['har', 'ndjson', 'coverage'] as const;
export type ExchangeReportFormat = (typeof exchangeReportFormats)[number];

export interface CliOptions {
  help: boolean;
  version: boolean;
  flags: TargetFlags;
  selection: CheckSelection;
  /** The reports asked for, without repeats, in the order given. */
  reporters: ReporterName[];
  outputFile?: string;
  exchangeReports: Array<{ format: ExchangeReportFormat; file: string }>;
  /** The seed of the run's random choices, when given. */
  seed?: number;
  /** Cases each generated property tries (`--max-cases`), when given. */
  maxCases?: number;
  /** Milliseconds the generated properties may run in all (`--time-budget`, given in seconds), when given. */
  timeBudgetMs?: number;
  viaPrismProxy: boolean;
  /** The bundled OpenAPI document the checks are generated from (`--spec`), when not the one the package ships. */
  specPath?: string;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const usage = `Usage: inference-infra-contract-tests [options]

Runs the contract suite of the inference and platform API. With no target it starts a mock of the bundled spec
on a free loopback port, runs the suite against it and stops it.

Target (flags win over the environment):
  --base-url URL          inference base address, /v1 included        (INFERENCE_INFRA_BASE_URL)
  --platform-url URL      platform base address, without /api/v1      (INFERENCE_INFRA_PLATFORM_URL)
  --api-key KEY           an active API key                           (INFERENCE_INFRA_API_KEY)
  --deactivated-key KEY   a deactivated key of the workspace: checks it is refused (401) on a read and a write
                          of each base address; skipped without it     (INFERENCE_INFRA_DEACTIVATED_KEY)

Mutations (live targets only; the bundled mock always runs them):
  --allow-mutations       make state-changing or billable calls (resize, chat, images, embeddings)
  --volume-id ID          the volume resize checks may grow
  --volume-size GB        its current size; growth checks ask for one GB more each (three per run)
  --allow-bound-resizes   also grow --volume-id to the largest size the spec allows, which it keeps
                          (proves the inclusive maximum is accepted; use a volume you can throw away)
  --chat-model ID         model ids for the inference calls (default: the spec's examples)
  --image-model ID
  --embedding-model ID

Selection:
  --spec FILE             the bundled OpenAPI document (JSON) to generate the checks from, when the deployment
                          follows a newer spec than this package ships (default: @inference-infra/types' bundle)
  --only NAME[,NAME]      only checks of these operationIds or tags (repeatable)
  --skip NAME[,NAME]      leave out checks of these operationIds or tags (repeatable)
  --seed N                seed of the run's random choices (0-${maxSeed}); printed by every run, so a failing
                          run can be replayed; a fresh one when not given
  --max-cases N           cases each generated property tries (default ${defaultMaxCases}; 0 leaves them out, skipped
                          with that reason); a failing case is shrunk to the smallest and printed as curl
  --time-budget S         seconds the generated properties may run in all; once spent, the rest are skipped
                          with that reason (default: no limit but --max-cases)
  --max-in-flight N       requests the sequence properties keep in flight at once (2-64, default 6;
                          a case sends up to 4N)
  --request-timeout MS    time to wait for one answer (default 30000)
  --max-answer-bytes N    read at most N bytes of one answer's body (default ${defaultMaxAnswerBytes}, 32 MiB);
                          past them reading stops, the connection is dropped and the check fails with
                          "answer larger than N bytes"

Rate limits (a 429 with Retry-After is waited out and the request sent again, never a failure by itself):
  --max-rps N             send at most N requests a second (a decimal, as 0.5), to stay under a live
                          service's rate limit
  --rate-limit-budget S   seconds the run may spend waiting out 429 answers (default ${defaultRateLimitBudgetMs / 1000});
                          a check fails, naming the rate limit, only when a wait would pass it

Reports (progress, failures with a curl reproduction, and the summary always go to stdout; in every output the key,
its escaped forms and any 8 characters of it in a row read [redacted]):
  --reporter NAME[,NAME]  also write these reports (repeatable):
                            junit   JUnit XML to --output-file
                            github  GitHub job summary Markdown, appended to $GITHUB_STEP_SUMMARY
                                    (or to --output-file when that variable is not set and junit is not asked)
  --output-file FILE      where the junit (or github) report goes
  --report har FILE       every HTTP exchange of the run as a HAR 1.2 file (pre-flight included)
  --report ndjson FILE    the same as newline-delimited JSON, written as the run goes (repeatable)
  --report coverage FILE  the coverage map: every promise of the spec with the checks that test it, or why none
                          can; JSON when FILE ends in .json, else Markdown (repeat it for both)
  --via-prism-proxy       route a live target through \`prism proxy\` and fail on the violations it reports
  -h, --help              this text
  --version               the version of the suite

Exit codes: 0 every executed check held; 1 a check failed; 2 wrong usage or nothing to check; 3 the suite could not run.`;

function names(values: string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
}

function seedOf(value: string): number {
  const seed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(seed) || seed > maxSeed) {
    throw new UsageError(`--seed must be a whole number from 0 to ${maxSeed} (got "${value}")`);
  }
  return seed;
}

function wholeNumberOf(flag: string, value: string, max: number): number {
  const number = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || number > max) {
    throw new UsageError(`${flag} must be a whole number from 0 to ${max} (got "${value}")`);
  }
  return number;
}

function exchangeReport(value: string): { format: ExchangeReportFormat; file: string } {
  const [format = '', ...rest] = value.split('=');
  const file = rest.join('=');
  const known = exchangeReportFormats.find((known) => known === format.toLowerCase());
  if (!known || !file) {
    throw new UsageError(
      `--report takes a format (${exchangeReportFormats.join(', ')}) and a file, as --report har run.har (got "${value}")`,
    );
  }
  return { format: known, file };
}

/**
 * `--report har FILE` is one option with two values, which `parseArgs` cannot read: joined here as `har=FILE` (also
 * accepted as written), so a missing file is still named as a `--report` error, not as a stray argument.
 */
function joinReportValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const format = argv[i + 1];
    const file = argv[i + 2];
    if (
      arg === '--report' &&
      format !== undefined &&
      !format.includes('=') &&
      file !== undefined &&
      !file.startsWith('--')
    ) {
      out.push(arg, `${format}=${file}`);
      i += 2;
    } else out.push(arg);
  }
  return out;
}

export function parseCliArgs(argv: string[]): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(joinReportValues(argv)).values;
  } catch (error) {
    // Node's message quotes a stray argument, and a stray argument is often a key given without --api-key.
    if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError(
        'unexpected argument (not shown: it may be a key); every value follows its option, as --api-key KEY',
      );
    }
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const reporters: ReporterName[] = [];
  for (const name of names(values.reporter)) {
    const known = reporterNames.find((known) => known === name.toLowerCase());
    if (!known) throw new UsageError(`--reporter takes ${reporterNames.join(', ')} (got "${name}")`);
    if (!reporters.includes(known)) reporters.push(known);
  }
  if (reporters.includes('junit') && !values['output-file'])
    throw new UsageError('--reporter junit needs --output-file FILE');
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    flags: {
      baseUrl: values['base-url'],
      platformUrl: values['platform-url'],
      apiKey: values['api-key'],
      deactivatedKey: values['deactivated-key'],
      allowMutations: values['allow-mutations'] ?? false,
      allowBoundResizes: values['allow-bound-resizes'] ?? false,
      volumeId: values['volume-id'],
      volumeSize: values['volume-size'],
      chatModel: values['chat-model'],
      imageModel: values['image-model'],
      embeddingModel: values['embedding-model'],
      requestTimeoutMs: values['request-timeout'],
      maxAnswerBytes: values['max-answer-bytes'],
      maxRps: values['max-rps'],
      rateLimitBudget: values['rate-limit-budget'],
      maxInFlight: values['max-in-flight'],
    },
    selection: { only: names(values.only), skip: names(values.skip) },
    reporters,
    ...(values['output-file'] ? { outputFile: values['output-file'] } : {}),
    exchangeReports: (values.report ?? []).map(exchangeReport),
    ...(values.seed === undefined ? {} : { seed: seedOf(values.seed) }),
    ...(values['max-cases'] === undefined
      ? {}
      : { maxCases: wholeNumberOf('--max-cases', values['max-cases'], 100_000) }),
    ...(values['time-budget'] === undefined
      ? {}
      : { timeBudgetMs: wholeNumberOf('--time-budget', values['time-budget'], 86_400) * 1000 }),
    viaPrismProxy: values['via-prism-proxy'] ?? false,
    ...(values.spec === undefined ? {} : { specPath: values.spec }),
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      'base-url': { type: 'string' },
      'platform-url': { type: 'string' },
      'api-key': { type: 'string' },
      'deactivated-key': { type: 'string' },
      'allow-mutations': { type: 'boolean' },
      'allow-bound-resizes': { type: 'boolean' },
      'volume-id': { type: 'string' },
      'volume-size': { type: 'string' },
      'chat-model': { type: 'string' },
      'image-model': { type: 'string' },
      'embedding-model': { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      reporter: { type: 'string', multiple: true },
      'output-file': { type: 'string' },
      report: { type: 'string', multiple: true },
      seed: { type: 'string' },
      'max-cases': { type: 'string' },
      'time-budget': { type: 'string' },
      'request-timeout': { type: 'string' },
      'max-answer-bytes': { type: 'string' },
      'max-rps': { type: 'string' },
      'rate-limit-budget': { type: 'string' },
      'max-in-flight': { type: 'string' },
      'via-prism-proxy': { type: 'boolean' },
      spec: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}
