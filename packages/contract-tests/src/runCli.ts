import { readFileSync } from 'node:fs';
import { startMockServer } from '@inference-infra/mock-server';
import { selectableNames } from './checks/check.js';
import { parseCliArgs, UsageError, usage } from './cliOptions.js';
import { startPrismProxies } from './prismProxy.js';
import { runSuite } from './runSuite.js';
import { bundledSpecPath, loadContractSpec } from './spec.js';
import { exitCodeOf, exitCodes, formatSummary } from './summary.js';
import { resolveTarget, type Target, TargetError } from './target.js';

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** The whole command, minus `process.exit`: parses flags, starts the bundled mock when no target is given, runs the suite. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let options: ReturnType<typeof parseCliArgs>;
  let request: ReturnType<typeof resolveTarget>;
  try {
    options = parseCliArgs(argv);
    if (options.help) {
      console.log(usage);
      return exitCodes.passed;
    }
    if (options.version) {
      console.log(version());
      return exitCodes.passed;
    }
    const known = selectableNames(loadContractSpec()).map((name) => name.toLowerCase());
    const unknown = [...options.selection.only, ...options.selection.skip].filter(
      (n) => !known.includes(n.toLowerCase()),
    );
    if (unknown.length > 0) {
      throw new UsageError(
        `--only/--skip take operationIds or tags; unknown: ${unknown.join(', ')} (known: ${selectableNames(loadContractSpec()).join(', ')})`,
      );
    }
    request = resolveTarget(options.flags, env);
    if (options.viaPrismProxy && request.kind !== 'live') {
      throw new UsageError('--via-prism-proxy needs a live target: the bundled mock is Prism already');
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof TargetError) {
      console.error(`inference-infra-contract-tests: ${error.message}\nRun with --help for the options.`);
      return exitCodes.usage;
    }
    throw error;
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
        console.log('No target given: starting a mock of the bundled spec (Prism) on loopback...');
        // Prism on the very bundle the checks are generated from, named since the mock server's default is now its
        // stateful simulator: the skip reason "the mock answers static examples" is about Prism's answers.
        const mock = await startMockServer({ engine: 'prism', specPath: bundledSpecPath() });
        stops.push(() => mock.close());
        target = request.complete(mock);
      }
    } catch (error) {
      console.error(`inference-infra-contract-tests: could not start the bundled mock: ${String(error)}`);
      return exitCodes.couldNotRun;
    }
    let suiteTarget = target;
    if (options.viaPrismProxy) {
      try {
        console.log('Starting prism proxy in front of both base addresses...');
        const proxies = await startPrismProxies(target);
        stops.push(() => proxies.close());
        suiteTarget = proxies.target;
      } catch (error) {
        console.error(`inference-infra-contract-tests: could not start prism proxy: ${String(error)}`);
        return exitCodes.couldNotRun;
      }
    }
    const result = await runSuite({
      target: suiteTarget,
      selection: options.selection,
      reporter: options.reporter,
      ...(options.outputFile ? { outputFile: options.outputFile } : {}),
    });
    console.log(formatSummary(target, result, { viaPrismProxy: options.viaPrismProxy }));
    if (options.outputFile) console.log(`JUnit report: ${options.outputFile}`);
    return exitCodeOf(result);
  } catch (error) {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`inference-infra-contract-tests: the suite could not run: ${detail}`);
    return exitCodes.couldNotRun;
  } finally {
    process.off('SIGINT', onInterrupt);
    await stopAll();
  }
}
