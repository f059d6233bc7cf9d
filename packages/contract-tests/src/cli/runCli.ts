import { redactorFor } from '@inference-infra/edge';
import { startMockServer } from '@inference-infra/mock-server';
import { selectableNames } from '../engine/check.js';
import type { Reporter } from '../engine/events.js';
import { reportedTargetOf, runSuite } from '../engine/runSuite.js';
import { pickSeed } from '../engine/seededRandom.js';
import { exitCodeOf, exitCodes } from '../engine/summary.js';
import { bundledSpecPath, type ContractSpec, loadContractSpec } from '../model/spec.js';
import { packageVersion } from '../packageVersion.js';
import { formatCoverageMapSummary } from '../promises/coverageMap.js';
import { suiteCoverageMap } from '../reporters/coverageMap.js';
import { logSafe } from '../reporters/logSafe.js';
import { type Exchange, shownExchange } from '../transport/exchange.js';
import { PreflightError, preflight } from '../transport/preflight.js';
import { prismMissingSentence, startPrismProxies } from '../transport/prismProxy.js';
import { resolveTarget, secretsOf, type Target, TargetError } from '../transport/target.js';
import { parseCliArgs, UsageError, usage } from './cliOptions.js';
import { reportersFor } from './reportersFor.js';
import { checkReportFilesWritable, reportFilesOf } from './reportFilesWritable.js';

/** The key as far as it is known before the flags parse, so that not even a usage error can print it. */
function keyBeforeParsing(argv: string[], env: NodeJS.ProcessEnv, flagName = 'api-key'): string {
  const name = `--${flagName}`;
  const at = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  const flag = argv[at]?.startsWith(`${name}=`) ? argv[at]?.slice(`${name}=`.length) : argv[at + 1];
  const variable = flagName === 'api-key' ? env.INFERENCE_INFRA_API_KEY : env.INFERENCE_INFRA_DEACTIVATED_KEY;
  return (at === -1 ? undefined : flag) ?? variable ?? '';
}

/**
 * The whole command, minus `process.exit`: parses flags, starts the bundled mock when no target is given, checks a live
 * one answers and takes the key, then runs the suite with the reporters asked for. It never throws: whatever goes
 * wrong ends as one sentence on stderr, with the key redacted, and an exit code.
 */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  stdout: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
): Promise<number> {
  let options: ReturnType<typeof parseCliArgs>;
  let request: ReturnType<typeof resolveTarget>;
  let reporters: Reporter[];
  let spec: ContractSpec;
  let specPath: string;
  let redactor = redactorFor([keyBeforeParsing(argv, env), keyBeforeParsing(argv, env, 'deactivated-key')]);
  // Redacted, then made safe for a terminal or CI log: a pre-flight failure quotes what the target answered.
  const say = (text: string) => void stdout.write(`${logSafe(redactor.redact(text))}\n`);
  const complain = (text: string) =>
    console.error(logSafe(redactor.redact(`inference-infra-contract-tests: ${text}`)));
  try {
    options = parseCliArgs(argv);
    if (options.help) {
      say(usage);
      return exitCodes.passed;
    }
    if (options.version) {
      say(packageVersion());
      return exitCodes.passed;
    }
    specPath = options.specPath ?? bundledSpecPath();
    spec = specOf(specPath);
    const known = selectableNames(spec).map((name) => name.toLowerCase());
    const unknown = [...options.selection.only, ...options.selection.skip].filter(
      (n) => !known.includes(n.toLowerCase()),
    );
    if (unknown.length > 0) {
      throw new UsageError(
        `--only/--skip take operationIds or tags; unknown: ${unknown.join(', ')} (known: ${selectableNames(spec).join(', ')})`,
      );
    }
    redactor = redactorFor(
      [
        options.flags.apiKey ?? env.INFERENCE_INFRA_API_KEY,
        options.flags.deactivatedKey ?? env.INFERENCE_INFRA_DEACTIVATED_KEY,
      ].filter((key): key is string => key !== undefined),
    );
    request = resolveTarget(options.flags, env);
    if (options.viaPrismProxy && request.kind !== 'live') {
      throw new UsageError('--via-prism-proxy needs a live target: the bundled mock is Prism already');
    }
    reporters = reportersFor(options, env, stdout);
    checkReportFilesWritable(reportFilesOf(options, env));
  } catch (error) {
    if (error instanceof UsageError || error instanceof TargetError) {
      complain(`${error.message}\nRun with --help for the options.`);
      return exitCodes.usage;
    }
    complain(`the suite could not start: ${describe(error)}`);
    return exitCodes.couldNotRun;
  }

  // Everything started here is stopped on the way out, whatever happens in between.
  const stops: Array<() => Promise<void>> = [];
  const stopAll = () => Promise.all(stops.splice(0).map((stopOne) => stopOne().catch(() => {})));
  const onInterrupt = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', onInterrupt);
  try {
    let target: Target;
    try {
      if (request.kind === 'live') {
        target = request.target;
      } else {
        say(
          `No target given: starting a mock of ${options.specPath ? `the spec ${options.specPath}` : 'the bundled spec'} (Prism) on loopback...`,
        );
        // Prism on the very bundle the checks are generated from, named since the mock server's default is now its
        // stateful simulator: the skip reason "the mock answers static examples" is about Prism's answers.
        const mock = await startMockServer({ engine: 'prism', specPath });
        stops.push(() => mock.close());
        target = request.complete(mock);
      }
    } catch (error) {
      const missing = prismMissingSentence(error, 'a run with no target');
      if (missing) {
        complain(`${missing}; or give a target with --base-url and --platform-url`);
        return exitCodes.usage;
      }
      complain(`could not start the bundled mock: ${String(error)}`);
      return exitCodes.couldNotRun;
    }
    redactor = redactorFor(secretsOf(target));
    let preflightExchanges: Exchange[] = [];
    if (target.kind === 'live') {
      try {
        preflightExchanges = await preflight(spec, target);
      } catch (error) {
        if (!(error instanceof PreflightError)) throw error;
        const message = redactor.redact(error.message);
        complain(message);
        // Every report still gets written, so CI shows why, and the HAR lists the requests that found it.
        const event = {
          message,
          target: reportedTargetOf(target),
          preflight: error.exchanges.map((exchange) => shownExchange(exchange, redactor)),
        };
        for (const reporter of reporters) await reporter.onRunError?.(event);
        return exitCodes.couldNotRun;
      }
    }
    let suiteTarget = target;
    if (options.viaPrismProxy) {
      try {
        say('Starting prism proxy in front of both base addresses...');
        const proxies = await startPrismProxies(target);
        stops.push(() => proxies.close());
        suiteTarget = proxies.target;
      } catch (error) {
        const missing = prismMissingSentence(error, '--via-prism-proxy');
        if (missing) {
          complain(missing);
          return exitCodes.usage;
        }
        complain(`could not start prism proxy: ${String(error)}`);
        return exitCodes.couldNotRun;
      }
    }
    // The console's first line of the run prints the seed, and the summary repeats it with how to replay it.
    const seed = options.seed ?? pickSeed();
    const result = await runSuite({
      target: suiteTarget,
      reportedAs: target,
      viaPrismProxy: options.viaPrismProxy,
      selection: options.selection,
      reporters,
      seed,
      ...(options.maxCases === undefined ? {} : { maxCases: options.maxCases }),
      ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs }),
      preflightExchanges,
      spec,
    });
    if (options.reporters.includes('junit')) say(`JUnit report: ${options.outputFile}`);
    for (const { format, file } of options.exchangeReports) say(`${format.toUpperCase()} report: ${file}`);
    if (options.exchangeReports.some((report) => report.format === 'coverage'))
      say(formatCoverageMapSummary(suiteCoverageMap(specPath)));
    return exitCodeOf(result);
  } catch (error) {
    complain(`the suite could not run: ${describe(error)}`);
    return exitCodes.couldNotRun;
  } finally {
    process.off('SIGINT', onInterrupt);
    await stopAll();
  }
}

/** The spec at `--spec` (or the bundled one) read into the model, or a usage error naming the flag and why not. */
function specOf(specPath: string): ContractSpec {
  try {
    return loadContractSpec(specPath);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(
      `--spec must be a bundled OpenAPI document in JSON: ${specPath} cannot be read as one (${reason})`,
    );
  }
}

/** An error of the system (a file, a socket) says what it is in its message; anything else is a bug: its stack. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return (error as NodeJS.ErrnoException).syscall ? error.message : (error.stack ?? error.message);
}
