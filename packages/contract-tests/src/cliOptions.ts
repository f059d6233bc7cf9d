import { parseArgs } from 'node:util';
import type { CheckSelection } from './checks/check.js';
import type { ReporterName } from './runSuite.js';
import type { TargetFlags } from './target.js';

export interface CliOptions {
  help: boolean;
  version: boolean;
  flags: TargetFlags;
  selection: CheckSelection;
  reporter: ReporterName;
  outputFile?: string;
  viaPrismProxy: boolean;
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

Mutations (live targets only; the bundled mock always runs them):
  --allow-mutations       make state-changing or billable calls (resize, chat, images, embeddings)
  --volume-id ID          the volume resize checks may grow
  --volume-size GB        its current size; growth checks ask for one GB more each (two per run)
  --chat-model ID         model ids for the inference calls (default: the spec's examples)
  --image-model ID
  --embedding-model ID

Selection and reports:
  --only NAME[,NAME]      only checks of these operationIds or tags (repeatable)
  --skip NAME[,NAME]      leave out checks of these operationIds or tags (repeatable)
  --reporter default|junit
  --output-file FILE      where the JUnit report goes (required with --reporter junit)
  --request-timeout MS    time to wait for one answer (default 30000)
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

export function parseCliArgs(argv: string[]): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    // Node's message quotes a stray argument, and a stray argument is often a key given without --api-key.
    if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError(
        'unexpected argument (not shown: it may be a key); every value follows its option, as --api-key KEY',
      );
    }
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const reporter = values.reporter ?? 'default';
  if (reporter !== 'default' && reporter !== 'junit') {
    throw new UsageError(`--reporter must be default or junit (got "${reporter}")`);
  }
  if (reporter === 'junit' && !values['output-file'])
    throw new UsageError('--reporter junit needs --output-file FILE');
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    flags: {
      baseUrl: values['base-url'],
      platformUrl: values['platform-url'],
      apiKey: values['api-key'],
      allowMutations: values['allow-mutations'] ?? false,
      volumeId: values['volume-id'],
      volumeSize: values['volume-size'],
      chatModel: values['chat-model'],
      imageModel: values['image-model'],
      embeddingModel: values['embedding-model'],
      requestTimeoutMs: values['request-timeout'],
    },
    selection: { only: names(values.only), skip: names(values.skip) },
    reporter,
    ...(values['output-file'] ? { outputFile: values['output-file'] } : {}),
    viaPrismProxy: values['via-prism-proxy'] ?? false,
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
      'allow-mutations': { type: 'boolean' },
      'volume-id': { type: 'string' },
      'volume-size': { type: 'string' },
      'chat-model': { type: 'string' },
      'image-model': { type: 'string' },
      'embedding-model': { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      reporter: { type: 'string' },
      'output-file': { type: 'string' },
      'request-timeout': { type: 'string' },
      'via-prism-proxy': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}
