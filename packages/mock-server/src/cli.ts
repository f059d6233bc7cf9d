#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isPrismNotInstalled, PrismNotInstalledError } from './prism/prismPackage.js';
import { type FaultRule, FaultSyntaxError, parseFault, scenarios } from './simulator/faults.js';
import type { MockServerOptions, startMockServer } from './startMockServer.js';

const usage = `Usage: inference-infra-mock [options]

Serves the inference base address (with /v1) and the platform base address on 127.0.0.1.

  --engine simulator|prism   simulator (default): stateful, seeded; prism: the spec's static examples (needs
                             @stoplight/prism-cli installed beside this package)
  --port N                   inference port (default 4010; 0 picks a free one)
  --platform-port N          platform port (default 4011)
  --seed N                   seed of the data and texts (default 1): the same seed, the same answers
  --key KEY                  only this key is valid (repeatable); by default any <prefix>_live_<random> key
  --scenario NAME            faults on every matching request: ${Object.keys(scenarios).join(', ')}
  --fault [OPERATION:]PARTS  a fault on every request (of that operationId), in X-Simulate's syntax (repeatable),
                             e.g. createChatCompletion:stream-stall-after=3;stream-stall-ms=90000
  --transactions N           transactions in each workspace's ledger (default 317)
  --embedding-dimensions N   values per embedding (default 64)
  --stream-interval-ms N     pause between streamed chat events (default 20)
  --max-body-bytes N         largest request body (default 1048576); larger ones get a 400
  --body-timeout-ms N        how long a request body may take to arrive (default 30000); slower ones get a 408
  --max-answer-bytes N       largest answer the simulator builds (default 33554432); larger ones get a 400
  --max-embedding-inputs N   most inputs per embeddings request (default 2048)
  --max-json-depth N         deepest nesting of a JSON body (default 64)
  --max-image-pixels N       most pixels of a generated image (default 4194304, 2048x2048)
  --allow-origin ORIGIN      a page origin that may call the mock besides loopback pages (repeatable; * for any)
  --spec FILE                the bundled OpenAPI document to serve (default the toolkit's); the simulator answers
                             operations it has no stateful handler for from it (X-Simulator-Answer)
  --version                  print this package's version

Per request, the header X-Simulate asks for a fault: status=429;retry-after=1, status=500, delay-ms=300,
stream-cut-after=3, stream-stall-after=3;stream-stall-ms=90000, stream-drip-ms=500, stream-error-after=3
(stream-error-status=429), stream-malformed-after=3. POST /__simulator/reset on either address brings the data back to the seeded start.`;

/** The version of the package this CLI ships in, read from its package.json (dist/ sits beside it). */
function packageVersion(): string {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
}

function fail(message: string): never {
  console.error(`${message}\n\nRun inference-infra-mock --help for the options.`);
  process.exit(2);
}

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) fail(`--${flag} must be a whole number (got "${value}")`);
  return Number(value);
}

function portOption(flag: string, value: string | undefined): number {
  const port = wholeNumber(flag, value) ?? 0;
  if (port > 65535) fail(`--${flag} must be a whole number from 0 to 65535 (got "${value}")`);
  return port;
}

/** The flag that sets each option a refusal can name, so the sentence names what the user typed. */
const flagOfOption: Record<string, string> = {
  seed: 'seed',
  keys: 'key',
  scenario: 'scenario',
  transactionCount: 'transactions',
  embeddingDimensions: 'embedding-dimensions',
  streamEventIntervalMs: 'stream-interval-ms',
  maxBodyBytes: 'max-body-bytes',
  bodyTimeoutMs: 'body-timeout-ms',
  maxAnswerBytes: 'max-answer-bytes',
  maxEmbeddingInputs: 'max-embedding-inputs',
  maxJsonDepth: 'max-json-depth',
  maxImagePixels: 'max-image-pixels',
  allowedOrigins: 'allow-origin',
  specPath: 'spec',
};

/**
 * An option's refusal (`maxBodyBytes must be ... (got 12)`, `keys[1] must ...`) as the command line's: the flag
 * named, which of a repeated flag's values, and a number quoted as typed (a number read from a long text loses
 * digits: 99999999999999999999 reads as 100000000000000000000).
 */
function asFlagMessage(message: string): string {
  const [, option = '', index] = /^(\w+)(?:\[(\d+)\])?/.exec(message) ?? [];
  const flag = flagOfOption[option];
  if (!flag) return message;
  const given = values[flag as keyof typeof values];
  const which =
    index !== undefined && Array.isArray(given) && given.length > 1 ? ` (value ${Number(index) + 1})` : '';
  const rest = message.slice(option.length + (index === undefined ? 0 : index.length + 2));
  const typed =
    typeof given === 'string' ? rest.replace(/\(got [^)]*\)$/, `(got ${JSON.stringify(given)})`) : rest;
  return `--${flag}${which}${typed}`;
}

function parseFlags() {
  try {
    return parseArgs({
      options: {
        engine: { type: 'string', default: 'simulator' },
        port: { type: 'string', default: '4010' },
        'platform-port': { type: 'string', default: '4011' },
        seed: { type: 'string' },
        key: { type: 'string', multiple: true },
        scenario: { type: 'string' },
        fault: { type: 'string', multiple: true },
        transactions: { type: 'string' },
        'embedding-dimensions': { type: 'string' },
        'stream-interval-ms': { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'body-timeout-ms': { type: 'string' },
        'max-answer-bytes': { type: 'string' },
        'max-embedding-inputs': { type: 'string' },
        'max-json-depth': { type: 'string' },
        'max-image-pixels': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        spec: { type: 'string' },
        help: { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    // An unknown or malformed flag: Node's message names it.
    fail((error as Error).message);
  }
}
const values = parseFlags();

if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (values.version) {
  console.log(packageVersion());
  process.exit(0);
}

if (values.engine !== 'simulator' && values.engine !== 'prism') {
  fail(`--engine must be simulator or prism (got "${values.engine}")`);
}
if (values.engine === 'prism') {
  const simulatorOnly = [
    'seed',
    'key',
    'scenario',
    'fault',
    'transactions',
    'embedding-dimensions',
    'max-body-bytes',
    'body-timeout-ms',
    'max-answer-bytes',
    'max-embedding-inputs',
    'max-json-depth',
    'max-image-pixels',
  ] as const;
  const given = simulatorOnly.filter((flag) => values[flag] !== undefined);
  if (given.length > 0) fail(`--${given[0]} applies to the simulator only, not to --engine prism`);
}

/** `--fault [OPERATION:]PARTS` as a fault rule, or the flag's value and its broken part named. */
function faultRule(value: string): FaultRule {
  const [, operationId, simulate = ''] = /^(?:([A-Za-z]\w*):)?(.*)$/s.exec(value) ?? [];
  try {
    parseFault(simulate);
  } catch (error) {
    if (!(error instanceof FaultSyntaxError)) throw error;
    fail(`--fault ${JSON.stringify(value)}: ${error.message.replace(/^X-Simulate: /, '')}`);
  }
  return operationId ? { operationId, simulate } : { simulate };
}

const inferencePort = portOption('port', values.port);
const platformPort = portOption('platform-port', values['platform-port']);
if (inferencePort !== 0 && inferencePort === platformPort) {
  fail(`--port and --platform-port must differ: each base address has its own port (both ${inferencePort})`);
}
const options: MockServerOptions = {
  engine: values.engine,
  inferencePort,
  platformPort,
  specPath: values.spec,
  seed: wholeNumber('seed', values.seed),
  keys: values.key,
  scenario: values.scenario as MockServerOptions['scenario'],
  ...(values.fault ? { faults: values.fault.map(faultRule) } : {}),
  transactionCount: wholeNumber('transactions', values.transactions),
  embeddingDimensions: wholeNumber('embedding-dimensions', values['embedding-dimensions']),
  streamEventIntervalMs: wholeNumber('stream-interval-ms', values['stream-interval-ms']),
  maxBodyBytes: wholeNumber('max-body-bytes', values['max-body-bytes']),
  bodyTimeoutMs: wholeNumber('body-timeout-ms', values['body-timeout-ms']),
  maxAnswerBytes: wholeNumber('max-answer-bytes', values['max-answer-bytes']),
  maxEmbeddingInputs: wholeNumber('max-embedding-inputs', values['max-embedding-inputs']),
  maxJsonDepth: wholeNumber('max-json-depth', values['max-json-depth']),
  maxImagePixels: wholeNumber('max-image-pixels', values['max-image-pixels']),
  allowedOrigins: values['allow-origin'],
};

// Ctrl+C or a SIGTERM at any moment, during start-up too, stops Prism's process before this one exits: a handler
// registered only after the addresses are printed leaves a window in which the signal kills this process and
// orphans Prism (a test harness that stops the mock as soon as it reads the addresses hits it).
let started: Awaited<ReturnType<typeof startMockServer>> | undefined;
let stopRequested = false;
const stop = () => {
  if (stopRequested) return;
  stopRequested = true;
  if (started) void started.close().then(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);

// Loaded only now: a command line refused above (a bad flag, --help, --version) exits before the simulator, its spec
// and its validators load, which is most of the start-up's CPU.
const [{ startMockServer: start }, { SimulatorOptionError }] = await Promise.all([
  import('./startMockServer.js'),
  import('./simulator/simulatorOptions.js'),
]);
const mock = await start(options).catch((error: unknown) => {
  if (error instanceof SimulatorOptionError) fail(asFlagMessage(error.message));
  // A usage matter, not a failure to start: the optional peer is missing, and the sentence says what to install.
  if (isPrismNotInstalled(error)) fail(new PrismNotInstalledError('--engine prism').message);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    fail(
      `a port is in use already: ${(error as Error).message} (choose others with --port and --platform-port)`,
    );
  }
  // Anything else (Prism refusing the document it was given, say): what went wrong, without a stack.
  const lines = String((error as Error)?.message ?? error).split('\n');
  const more = lines.length > 8 ? `\n(${lines.length - 8} more lines)` : '';
  console.error(`inference-infra-mock could not start: ${lines.slice(0, 8).join('\n')}${more}`);
  process.exit(1);
});
started = mock;
if (stopRequested) {
  await mock.close();
  process.exit(0);
}

const key = values.key?.[0] ?? 'ii_live_mock';
const what =
  mock.engine === 'simulator'
    ? `the simulator, seed ${mock.simulator?.options.seed}; ${values.key ? `keys: ${values.key.join(', ')}` : 'any <prefix>_live_<random> key works, each with its own workspace'}`
    : 'Prism on the bundled spec, static examples; any bearer key works';
// An operation of the spec without a stateful handler is served from the spec: said once here, and on each answer.
const fromSpec = mock.simulator?.specServedOperations ?? [];
const servedFromSpec =
  fromSpec.length > 0
    ? `\n  Answered from the spec (no stateful handler; X-Simulator-Answer says so): ${fromSpec.join(', ')}`
    : '';
console.log(`Mock API is up (${what}):
  Inference base address (OpenAI-style clients: baseURL): ${mock.baseUrl}
  Platform base address:                                  ${mock.platformUrl}
  Try: curl -H 'Authorization: Bearer ${key}' '${mock.platformUrl}/api/v1/instances/types?gpu_type=H100'${servedFromSpec}
Press Ctrl+C to stop.`);
