import { isInferenceInfraError } from '@inference-infra/fetch-client';
import { McpServerOptionError } from '../server/createMcpServer.js';
import { packageVersion } from '../shared/packageVersion.js';
import { redactorOf } from '../shared/redaction.js';
import { parseCliOptions, usage } from './cliOptions.js';
import { CliOptionError, StartError } from './errors.js';
import { startFromCli } from './startFromCli.js';

/**
 * The command. Stdout belongs to the protocol: everything this process says goes to stderr. Nothing from outside
 * ends it: a failure it did not expect is logged and it keeps serving; only a command line that cannot work, or a
 * port that cannot be had, ends it at start with a sentence and code 2.
 */
async function main() {
  const stderr = (text: string) => process.stderr.write(text);
  try {
    const options = parseCliOptions(process.argv.slice(2), process.env);
    if (options.help) return void process.stderr.write(`${usage}\n`);
    if (options.version) return void process.stderr.write(`${packageVersion}\n`);
    const started = await startFromCli(options, stderr);
    stderr(`${started.describe}\n`);
    const stop = () => void started.close().finally(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.on('uncaughtException', (error) => stderr(`[error] unexpected: ${error?.message}\n`));
    process.on('unhandledRejection', (error) => stderr(`[error] unexpected: ${(error as Error)?.message}\n`));
  } catch (error) {
    // The fetch client's ClientConfigError (a base address that is not a URL, plain http:// to another host) is a
    // sentence about the configuration like ours; only a failure nobody expected shows its stack.
    const expected =
      error instanceof CliOptionError ||
      error instanceof McpServerOptionError ||
      error instanceof StartError ||
      isInferenceInfraError(error);
    const text = expected ? asFlags((error as Error).message) : String((error as Error)?.stack ?? error);
    stderr(`inference-infra-mcp: ${redactorOf(process.env.INFERENCE_INFRA_API_KEY)(text)}\n`);
    process.exitCode = 2;
  }
}

/** The client's option names (`baseUrl must ...`) as the flags and variables that set them on this command line. */
function asFlags(message: string): string {
  return message
    .replace(/^baseUrl\b/, '--base-url (or INFERENCE_INFRA_BASE_URL)')
    .replace(/^platformUrl\b/, '--platform-url (or INFERENCE_INFRA_PLATFORM_URL)');
}

await main();
